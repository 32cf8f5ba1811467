/**
 * The online orders to hand over at the stall (issue 32 §4): those chosen for this day and those of earlier
 * days not collected yet. "Picked up" asks once more (a tap on a phone is easily a slip), then completes the
 * order (POST admin/market/days/{id}/pickups/{orderId}: COMPLETED with its timeline entry) and refreshes the
 * day. Needs the network: without it the order stays on the list and the reason is shown.
 */
import { formatMoney, type MarketPickup } from '@shop/shared/admin';
import { useState } from 'react';
import { request } from '../../../../lib/api';
import { refreshStall } from '../../../api/market-stall';
import './pickup-list.css';

export interface PickupListProps {
  dayId: string;
  pickups: readonly MarketPickup[];
  /** After an order was marked picked up; the stall's day and catalogue are fetched again by default. */
  onPickedUp?: (orderId: string) => void | Promise<unknown>;
}

const itemsText = (pickup: MarketPickup) => pickup.items.map((item) => `${item.quantity} × ${item.product}`).join(', ');

export const markPickedUp = (dayId: string, orderId: string) =>
  request<MarketPickup>(`admin/market/days/${encodeURIComponent(dayId)}/pickups/${encodeURIComponent(orderId)}`, {
    method: 'post',
  });

function PickupRow({
  dayId,
  pickup,
  onPickedUp,
}: { dayId: string; pickup: MarketPickup } & Pick<PickupListProps, 'onPickedUp'>) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const earlier = pickup.pickup_day_id !== dayId;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const envelope = await markPickedUp(dayId, pickup.id);
    setBusy(false);
    if (envelope.status === 200) {
      setConfirming(false);
      await (onPickedUp ? onPickedUp(pickup.id) : refreshStall(dayId));
      return;
    }
    setError(
      envelope.status >= 500
        ? 'No connection: not marked yet. Try again when there is signal.'
        : typeof envelope.result === 'string'
          ? envelope.result
          : 'Not marked: please try again.',
    );
  };

  const titleId = `pickup-${pickup.id}-title`;
  return (
    <li className="pickup-row" data-testid="pickup-row" data-order={pickup.id} aria-labelledby={titleId}>
      <div className="pickup-row-main">
        <span className="pickup-row-title" id={titleId}>
          {pickup.name} · #{pickup.number}
        </span>
        <span className="pickup-row-items">{itemsText(pickup)}</span>
        <span className="pickup-row-meta">
          {formatMoney(pickup.total)} paid online{earlier ? ' · from an earlier market day' : ''}
        </span>
        {error && (
          <span className="pickup-row-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="pickup-row-actions">
        {confirming ? (
          <>
            <button
              type="button"
              className="stall-button stall-button-primary pickup-row-button"
              disabled={busy}
              aria-describedby={titleId}
              onClick={() => void confirm()}
              data-testid="pickup-confirm"
            >
              {busy ? 'Marking…' : 'Yes, picked up'}
            </button>
            <button
              type="button"
              className="stall-button stall-button-plain pickup-row-button"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="stall-button stall-button-plain pickup-row-button"
            aria-describedby={titleId}
            onClick={() => setConfirming(true)}
            data-testid="pickup-mark"
          >
            Picked up
          </button>
        )}
      </div>
    </li>
  );
}

export function PickupList({ dayId, pickups, onPickedUp }: PickupListProps) {
  return (
    <section className="pickup-list" aria-labelledby="pickup-list-title" data-testid="pickup-list">
      <h2 className="pickup-list-title" id="pickup-list-title">
        Pickups ({pickups.length})
      </h2>
      {pickups.length === 0 ? (
        <p className="pickup-list-empty">No online orders to hand over today.</p>
      ) : (
        <ul className="pickup-list-rows">
          {pickups.map((pickup) => (
            <PickupRow key={pickup.id} dayId={dayId} pickup={pickup} onPickedUp={onPickedUp} />
          ))}
        </ul>
      )}
    </section>
  );
}
