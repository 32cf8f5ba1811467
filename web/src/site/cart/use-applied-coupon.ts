import type { PublicCoupon } from '@shop/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkCoupon, couponRefusalText, usableCouponOf } from '../api/coupons';
import { rememberCouponCode, rememberedCouponCode } from './coupon-memory';

/**
 * The cart's applied discount code and what is wrong with it. A code applied earlier in this tab's session is
 * checked with the server again when the cart opens: still usable, it is applied as before; refused meanwhile
 * (expired, used up, switched off), it is forgotten and the reason shown; not checkable now (offline, too many
 * checks), the reason is shown and it is kept for the next visit.
 */
export function useAppliedCoupon() {
  const [coupon, setCouponState] = useState<PublicCoupon | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The shopper's own choice made while the earlier code was being checked wins over that check.
  const chosen = useRef(false);

  const setCoupon = useCallback((next: PublicCoupon | null) => {
    chosen.current = true;
    setCouponState(next);
    rememberCouponCode(next?.code ?? null);
  }, []);

  useEffect(() => {
    const code = rememberedCouponCode();
    if (!code) return;
    let mounted = true;
    void checkCoupon(code).then((envelope) => {
      if (!mounted || chosen.current) return;
      const usable = usableCouponOf(envelope);
      if (usable) {
        setCouponState(usable);
        return;
      }
      if (envelope.status === 400) rememberCouponCode(null);
      setProblem(couponRefusalText(envelope));
    });
    return () => {
      mounted = false;
    };
  }, []);

  return { coupon, setCoupon, problem, setProblem };
}
