import { type CartTotals, formatMoney } from '@shop/shared';
import './totals.css';

interface TotalsListProps {
  /** From the shared cartTotals: the cart page and the order page add up the same way. */
  totals: CartTotals;
  currency: string;
  /** The fee and its method when shipping applies; null reads "Free". */
  shipping: { amount: number; method: string } | null;
  totalLabel: string;
  /** What was actually charged, when it is known (the order page); otherwise totals.total. */
  total?: number | string;
  itemCount?: number;
  /** data-testid prefix: `${prefix}-subtotal`, `-discount`, `-shipping`, `-total`. */
  testIdPrefix: string;
}

/**
 * Subtotal, savings, shipping and total. The lines above it already show discounted prices, so the
 * subtotal is their sum and the saving is information, not a second deduction: subtotal + shipping = total.
 */
export function TotalsList({
  totals,
  currency,
  shipping,
  totalLabel,
  total,
  itemCount,
  testIdPrefix,
}: TotalsListProps) {
  const money = (amount: number | string) => formatMoney(amount, currency);
  return (
    <dl className="totals">
      <div className="totals-row">
        <dt>
          <span>
            Subtotal{' '}
            {itemCount !== undefined && (
              <span className="totals-note">
                ({itemCount} {itemCount === 1 ? 'item' : 'items'})
              </span>
            )}
          </span>
        </dt>
        <dd data-testid={`${testIdPrefix}-subtotal`}>{money(totals.subtotal)}</dd>
      </div>
      {totals.discountTotal > 0 && (
        <div className="totals-row">
          <dt>You save</dt>
          <dd className="totals-saving" data-testid={`${testIdPrefix}-discount`}>
            {money(totals.discountTotal)}
          </dd>
        </div>
      )}
      <div className="totals-row">
        <dt>
          <span>Shipping</span>
          {shipping?.method && <span className="totals-method">{shipping.method}</span>}
        </dt>
        <dd data-testid={`${testIdPrefix}-shipping`}>{shipping ? money(shipping.amount) : 'Free'}</dd>
      </div>
      <div className="totals-row totals-row--total">
        <dt>{totalLabel}</dt>
        <dd data-testid={`${testIdPrefix}-total`}>{money(total ?? totals.total)}</dd>
      </div>
    </dl>
  );
}
