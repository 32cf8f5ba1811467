import { describe, expect, it } from 'vitest';
import { parseCouponMirror, parseRememberedCoupon, serializeCouponMirror } from './coupon-memory';

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

describe('parseCouponMirror (issue 31 §5)', () => {
  const now = Date.UTC(2026, 10, 28, 12, 0, 0);
  const day = 24 * 60 * 60 * 1000;

  it('when the mirror holds a code saved a day ago, then it comes back', () => {
    expect(parseCouponMirror(serializeCouponMirror('pasta10', now - day), now)).toBe('PASTA10');
  });

  it('when the mirror is older than a cart may be, broken or not a code, then null', () => {
    expect(parseCouponMirror(serializeCouponMirror('PASTA10', now - 31 * day), now)).toBeNull();
    expect(parseCouponMirror('{"code":"PASTA10"}', now)).toBeNull();
    expect(parseCouponMirror('{"code":"../admin","savedAt":0}', now)).toBeNull();
    expect(parseCouponMirror('PASTA10', now)).toBeNull();
    expect(parseCouponMirror(null, now)).toBeNull();
  });
});
