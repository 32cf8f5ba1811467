import { formatCents, type MarketPayment, type MarketProduct } from '@shop/shared/admin';
import { useId } from 'react';
import type { Basket, SaleFigures } from './stall-logic';

export interface SaleForm {
  discountUnit: '%' | '$';
  discountText: string;
  payment: MarketPayment;
  cashText: string;
  email: string;
}

interface SalePanelProps {
  basket: Basket;
  products: ReadonlyMap<string, MarketProduct>;
  figures: SaleFigures;
  form: SaleForm;
  onForm: (patch: Partial<SaleForm>) => void;
  onQuantity: (productId: string, quantity: number) => void;
  onRecord: () => void;
  onClear: () => void;
  canRecord: boolean;
  /** Why the sale cannot be recorded yet, when it cannot. */
  blocker: string | null;
}

const CASH_NOTES = [10, 20, 50] as const;

/** The sale being made: its lines with steppers, the discount, the payment, the change and the receipt. */
export function SalePanel(props: SalePanelProps) {
  const { basket, products, figures, form, onForm, onQuantity, onRecord, onClear, canRecord, blocker } = props;
  const ids = useId();
  const discountId = `${ids}-discount`;
  const cashId = `${ids}-cash`;
  const emailId = `${ids}-email`;

  return (
    <form
      className="stall-sale-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (canRecord) onRecord();
      }}
    >
      {basket.length === 0 ? (
        <p className="stall-empty">Tap a product to start a sale.</p>
      ) : (
        <ul className="stall-lines">
          {basket.map((line) => {
            const product = products.get(line.product_id);
            const name = product?.name ?? 'Product';
            return (
              <li key={line.product_id} className="stall-line">
                <span className="stall-line-name">{name}</span>
                <span className="stall-stepper" role="group" aria-label={`Units of ${name}`}>
                  <button
                    type="button"
                    className="stall-step"
                    aria-label={`One less ${name}`}
                    onClick={() => onQuantity(line.product_id, line.quantity - 1)}
                  >
                    −
                  </button>
                  <output className="stall-step-count" aria-live="polite">
                    {line.quantity}
                  </output>
                  <button
                    type="button"
                    className="stall-step"
                    aria-label={`One more ${name}`}
                    onClick={() => onQuantity(line.product_id, line.quantity + 1)}
                  >
                    +
                  </button>
                </span>
                <span className="stall-line-total">
                  {formatCents(Math.round((product?.price ?? 0) * 100) * line.quantity)}
                </span>
              </li>
            );
          })}
        </ul>
      )}

      <fieldset className="stall-field">
        <legend>Discount</legend>
        <div className="stall-discount">
          <span className="stall-choice-row" role="radiogroup" aria-label="Discount as">
            {(['%', '$'] as const).map((unit) => (
              <label key={unit} className="stall-choice">
                <input
                  type="radio"
                  name={`${ids}-discount-unit`}
                  checked={form.discountUnit === unit}
                  onChange={() => onForm({ discountUnit: unit })}
                />
                <span>{unit === '%' ? 'Percent' : 'Cash off'}</span>
              </label>
            ))}
          </span>
          <label htmlFor={discountId} className="visually-hidden">
            {form.discountUnit === '%' ? 'Discount in percent' : 'Discount in dollars'}
          </label>
          <input
            id={discountId}
            className="stall-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={form.discountUnit === '%' ? '0 %' : '$0.00'}
            value={form.discountText}
            onChange={(event) => onForm({ discountText: event.target.value })}
          />
        </div>
      </fieldset>

      <fieldset className="stall-field">
        <legend>Payment</legend>
        <span className="stall-choice-row">
          {(['cash', 'card'] as const).map((payment) => (
            <label key={payment} className="stall-choice stall-choice-wide">
              <input
                type="radio"
                name={`${ids}-payment`}
                checked={form.payment === payment}
                onChange={() => onForm({ payment })}
              />
              <span>{payment === 'cash' ? 'Cash' : 'Card'}</span>
            </label>
          ))}
        </span>
        {form.payment === 'cash' ? (
          <div className="stall-cash">
            <label htmlFor={cashId}>Cash received</label>
            <input
              id={cashId}
              className="stall-input"
              inputMode="decimal"
              autoComplete="off"
              placeholder="$0.00"
              value={form.cashText}
              onChange={(event) => onForm({ cashText: event.target.value })}
            />
            <span className="stall-notes">
              <button
                type="button"
                className="stall-chip"
                onClick={() => onForm({ cashText: (figures.totalCents / 100).toFixed(2) })}
              >
                Exact
              </button>
              {CASH_NOTES.map((note) => (
                <button
                  key={note}
                  type="button"
                  className="stall-chip"
                  onClick={() => onForm({ cashText: String(note) })}
                >
                  ${note}
                </button>
              ))}
            </span>
          </div>
        ) : (
          <p className="stall-hint">Take the card on the card reader, then record the sale.</p>
        )}
      </fieldset>

      <div className="stall-field">
        <label htmlFor={emailId}>Receipt email (optional)</label>
        <input
          id={emailId}
          className="stall-input"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={form.email}
          onChange={(event) => onForm({ email: event.target.value })}
        />
      </div>

      <dl className="stall-figures">
        <div>
          <dt>Goods</dt>
          <dd>{formatCents(figures.subtotalCents)}</dd>
        </div>
        {figures.discountCents > 0 ? (
          <div>
            <dt>Discount</dt>
            <dd>{formatCents(-figures.discountCents)}</dd>
          </div>
        ) : null}
        <div className="stall-figure-total">
          <dt>To pay</dt>
          <dd data-testid="sale-total">{formatCents(figures.totalCents)}</dd>
        </div>
        {form.payment === 'cash' && figures.changeCents !== null ? (
          <div className="stall-figure-change">
            <dt>Change to give back</dt>
            <dd data-testid="sale-change">{formatCents(figures.changeCents)}</dd>
          </div>
        ) : null}
      </dl>

      {blocker ? (
        <p className="stall-blocker" role="status">
          {blocker}
        </p>
      ) : null}
      <div className="stall-actions">
        <button
          type="button"
          className="stall-button stall-button-plain"
          onClick={onClear}
          disabled={basket.length === 0}
        >
          Clear
        </button>
        <button type="submit" className="stall-button stall-button-primary" disabled={!canRecord}>
          Record sale
        </button>
      </div>
    </form>
  );
}
