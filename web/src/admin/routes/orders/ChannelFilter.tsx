import type { OrderChannel } from '@shop/shared/admin';
import { Segmented } from 'antd';

type Choice = OrderChannel | 'all';

export const CHANNEL_FILTER_LABELS: Record<OrderChannel, string> = { online: 'Online', market: 'Market stall' };

/** Issue 32: the Archive holds the online orders and the market stall's sales; this shows one kind, or both. */
export function ChannelFilter({
  value,
  onChange,
}: {
  value: OrderChannel | undefined;
  onChange: (channel: OrderChannel | undefined) => void;
}) {
  return (
    <div className="orders-channel-filter" role="group" aria-labelledby="orders-channel-label">
      <span id="orders-channel-label" className="orders-channel-label">
        Channel
      </span>
      <Segmented<Choice>
        size="small"
        value={value ?? 'all'}
        onChange={(choice) => onChange(choice === 'all' ? undefined : choice)}
        options={[
          { value: 'all', label: 'All' },
          { value: 'online', label: CHANNEL_FILTER_LABELS.online },
          { value: 'market', label: CHANNEL_FILTER_LABELS.market },
        ]}
        data-testid="orders-channel-filter"
      />
    </div>
  );
}
