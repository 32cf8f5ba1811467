import { type PublicCoupon, formatMoney, normalizeCouponCode } from '@shop/shared';
import { type FormEvent, useId, useState } from 'react';
import { checkCoupon, couponRefusalText, usableCouponOf } from '../api/coupons';
import { Button } from '../ui/Button';

interface CouponFieldProps {
  /** The code the cart applies, or null. */
  coupon: PublicCoupon | null;
  onApply: (coupon: PublicCoupon | null) => void;
  /** Why the applied code does not count right now (its minimum), or why the server refused it. */
  problem: string | null;
  onProblem: (message: string | null) => void;
  currency: string;
}

/**
 * The cart's "Discount code" field (issue 24 §3): the code is checked with the server, and the cart then
 * prices it with the shared rules, exactly as payments/create will.
 */
export function CouponField({ coupon, onApply, problem, onProblem, currency }: CouponFieldProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const messageId = `${id}-message`;

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeCouponCode(text);
    if (!code) {
      onProblem('Type a discount code first');
      return;
    }
    setBusy(true);
    const envelope = await checkCoupon(code);
    setBusy(false);
    const usable = usableCouponOf(envelope);
    if (usable) {
      onProblem(null);
      onApply(usable);
      setText('');
      return;
    }
    onProblem(couponRefusalText(envelope));
  };

  if (coupon) {
    const terms = coupon.kind === 'percent' ? `${coupon.amount}% off` : `${formatMoney(coupon.amount, currency)} off`;
    return (
      <div className="cart-coupon" data-testid="cart-coupon-applied">
        <p className="cart-coupon-applied">
          <span>
            Discount code <strong data-testid="cart-coupon-applied-code">{coupon.code}</strong>: {terms} your products
          </span>
          <Button
            variant="text"
            size="small"
            onClick={() => {
              onApply(null);
              onProblem(null);
            }}
            data-testid="cart-coupon-remove"
            aria-label={`Remove discount code ${coupon.code}`}
          >
            Remove
          </Button>
        </p>
        {problem && (
          <p className="cart-coupon-problem" role="alert" data-testid="cart-coupon-problem">
            {problem}
          </p>
        )}
      </div>
    );
  }

  return (
    <form className="cart-coupon" onSubmit={(e) => void apply(e)} data-testid="cart-coupon-form">
      <label className="cart-coupon-label" htmlFor={id}>
        Discount code
      </label>
      <div className="cart-coupon-row">
        <input
          id={id}
          className="cart-coupon-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? messageId : undefined}
          data-testid="cart-coupon-input"
        />
        <Button htmlType="submit" loading={busy} data-testid="cart-coupon-apply">
          Apply
        </Button>
      </div>
      {problem && (
        <p id={messageId} className="cart-coupon-problem" role="alert" data-testid="cart-coupon-problem">
          {problem}
        </p>
      )}
    </form>
  );
}
