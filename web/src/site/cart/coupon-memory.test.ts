import { describe, expect, it } from 'vitest';
import { parseRememberedCoupon } from './coupon-memory';

describe('parseRememberedCoupon', () => {
  it('when a code was stored, then it comes back in capitals without spaces', () => {
    expect(parseRememberedCoupon('PASTA10')).toBe('PASTA10');
    expect(parseRememberedCoupon(' summer-24_b ')).toBe('SUMMER-24_B');
  });

  it('when nothing or something that is not a code was stored, then null', () => {
    expect(parseRememberedCoupon(null)).toBeNull();
    expect(parseRememberedCoupon('')).toBeNull();
    expect(parseRememberedCoupon('AB')).toBeNull();
    expect(parseRememberedCoupon('A'.repeat(33))).toBeNull();
    expect(parseRememberedCoupon('../admin')).toBeNull();
    expect(parseRememberedCoupon('{"code":"PASTA10"}')).toBeNull();
  });
});
