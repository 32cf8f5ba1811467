import { formatCents } from '@shop/shared/admin';
import type { QueuedSale } from './stall-logic';

interface QueueListProps {
  sales: readonly QueuedSale[];
  onRetry: (sale: QueuedSale) => void;
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The sales still on the phone: waiting ones, and those the server refused, with its reason. */
export function QueueList({ sales, onRetry }: QueueListProps) {
  if (sales.length === 0) return null;
  return (
    <ul className="stall-queue-list">
      {sales.map((sale) => {
        const units = sale.input.lines.reduce((sum, line) => sum + line.quantity, 0);
        return (
          <li key={sale.client_id} className={`stall-queue-item is-${sale.state}`} data-testid={`queued-${sale.state}`}>
            <span className="stall-queue-main">
              <span>
                {timeOf(sale.input.recorded_at)} · {units} {units === 1 ? 'unit' : 'units'} ·{' '}
                {sale.input.payment === 'cash' ? 'Cash' : 'Card'} · {formatCents(sale.total_cents)}
              </span>
              <span className="stall-queue-state">
                {sale.state === 'failed' ? `Not recorded: ${sale.error ?? 'refused'}` : 'Waiting to be sent'}
              </span>
            </span>
            {sale.state === 'failed' ? (
              <button type="button" className="stall-button stall-button-plain" onClick={() => onRetry(sale)}>
                Send again
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
