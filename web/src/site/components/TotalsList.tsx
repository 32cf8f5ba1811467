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
  /** data-testid prefix: `${prefix}-subtotal`, `-discount`, `-coupon`, `-shipping`, `-total`. */
  testIdPrefix: string;
  /** A discount code and what it takes off the goods (issue 24 §3); totals.total already has it off. */
  coupon?: { code: string; amount: number } | null;
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
  coupon,
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
      {coupon && coupon.amount > 0 && (
        <div className="totals-row">
          <dt>
            <span>Discount code</span>
            <span className="totals-method" data-testid={`${testIdPrefix}-coupon-code`}>
              {coupon.code}
            </span>
          </dt>
          <dd className="totals-saving" data-testid={`${testIdPrefix}-coupon`}>
            {money(-coupon.amount)}
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
