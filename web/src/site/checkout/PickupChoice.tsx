/**
 * Ship it or pick it up at the market (issue 32 §4): beside shipping, the coming market days open for pickup
 * (GET market/pickup-days), each with its place, date and hours. Shown only when there is such a day. A native
 * radio group: arrow keys move between the choices, each row is its label (at least 44 px tall).
 */
import { formatMoney, pickupWhen, type PickupDay } from '@shop/shared';
import './pickup-choice.css';

export interface PickupChoiceProps {
  days: readonly PickupDay[];
  /** The chosen day's id; null: shipped. */
  value: string | null;
  onChange: (dayId: string | null) => void;
  /** What shipping costs this cart (0: free). */
  shippingCost: number;
  shippingMethod: string;
  currency: string;
}

export function PickupChoice({ days, value, onChange, shippingCost, shippingMethod, currency }: PickupChoiceProps) {
  if (days.length === 0) return null;
  const shippingPrice = shippingCost > 0 ? formatMoney(shippingCost, currency) : 'Free';
  return (
    <fieldset className="pickup-choice" data-testid="pickup-choice">
      <legend className="pickup-choice-legend">Delivery</legend>
      <label className="pickup-choice-option">
        <input
          type="radio"
          name="delivery"
          className="pickup-choice-radio"
          checked={value === null}
          onChange={() => onChange(null)}
          data-testid="delivery-ship"
        />
        <span className="pickup-choice-text">
          <span className="pickup-choice-title">Ship to me</span>
          {shippingMethod && <span className="pickup-choice-detail">{shippingMethod}</span>}
        </span>
        <span className="pickup-choice-price">{shippingPrice}</span>
      </label>
      <p className="pickup-choice-heading" id="pickup-choice-heading">
        Pick up at the market
      </p>
      {days.map((day) => (
        <label key={day.id} className="pickup-choice-option">
          <input
            type="radio"
            name="delivery"
            className="pickup-choice-radio"
            checked={value === day.id}
            onChange={() => onChange(day.id)}
            aria-describedby="pickup-choice-heading"
            data-testid="delivery-pickup"
            data-day={day.id}
          />
          <span className="pickup-choice-text">
            <span className="pickup-choice-title">Pick up at {day.place}</span>
            <span className="pickup-choice-detail">{pickupWhen(day)}</span>
          </span>
          <span className="pickup-choice-price">{formatMoney(0, currency)}</span>
        </label>
      ))}
    </fieldset>
  );
}
