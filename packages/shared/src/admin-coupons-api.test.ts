import { describe, expect, it } from 'vitest';
import {
  adminCouponsQuerySchema,
  COUPON_AMOUNT_RULE,
  COUPON_CODE_RULE,
  COUPON_CODE_TAKEN,
  COUPON_DATES_RULE,
  COUPON_PERCENT_RULE,
  couponCodeSchema,
  couponInputSchema,
  couponTermsIssues,
  MAX_COUPON_AMOUNT,
  MAX_COUPON_USES,
} from './admin-coupons-api';

/** The issues zod reports, as "path: message", in order. */
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

const validCode = {
  code: 'SUMMER10',
  kind: 'percent' as const,
  amount: 10,
};

describe('the words the form and the server show', () => {
  it('when a rule is broken, then the form and the server say the same sentence', () => {
    expect(COUPON_CODE_RULE).toBe('Use 3 to 32 letters, digits, "-" or "_"');
    expect(COUPON_CODE_TAKEN).toBe('A discount code with this name already exists');
    expect(COUPON_PERCENT_RULE).toBe('A percentage is above 0 and at most 100');
    expect(COUPON_AMOUNT_RULE).toBe('The amount must be above 0');
    expect(COUPON_DATES_RULE).toBe('The end must come after the start');
  });

  it('when the limits are read, then an amount is at most 100000 and a code is used at most 1000000 times', () => {
    expect(MAX_COUPON_AMOUNT).toBe(100000);
    expect(MAX_COUPON_USES).toBe(1000000);
  });
});

describe('couponCodeSchema', () => {
  it('when a code has 3 or 32 letters, digits, "-" or "_" around spaces, then it is kept without the spaces', () => {
    expect(couponCodeSchema.parse('  ab-1 ')).toBe('ab-1');
    expect(couponCodeSchema.parse('A_'.repeat(16))).toBe('A_'.repeat(16));
  });

  it('when a code is 2 or 33 long or has a space or a dot inside, then the code rule is the message', () => {
    for (const code of ['ab', 'x'.repeat(33), 'SUM MER', 'SUMMER.10', ''])
      expect(issuesOf(couponCodeSchema.safeParse(code)), code).toEqual([`: ${COUPON_CODE_RULE}`]);
  });
});

describe('couponTermsIssues', () => {
  it('when a percentage is 100 or a cash amount 150, then there is nothing to say', () => {
    expect(couponTermsIssues({ kind: 'percent', amount: 100 })).toEqual([]);
    expect(couponTermsIssues({ kind: 'cash', amount: 150 })).toEqual([]);
    expect(couponTermsIssues({ kind: 'percent', amount: '0.01' })).toEqual([]);
  });

  it('when a percentage is 100.5, then the amount breaks the percent rule; the same 100.5 in cash is fine', () => {
    expect(couponTermsIssues({ kind: 'percent', amount: 100.5 })).toEqual([
      { path: 'amount', message: 'A percentage is above 0 and at most 100' },
    ]);
    expect(couponTermsIssues({ kind: 'cash', amount: 100.5 })).toEqual([]);
  });

  it('when the amount is 0, negative, missing or not a number, then the amount must be above 0 (once, whatever the kind)', () => {
    for (const amount of [0, -5, undefined, 'ten', Number.NaN])
      for (const kind of ['percent', 'cash'])
        expect(couponTermsIssues({ kind, amount }), `${kind} ${String(amount)}`).toEqual([
          { path: 'amount', message: 'The amount must be above 0' },
        ]);
  });

  it('when the end is before or at the start, then the end is refused; a minute after is fine', () => {
    const starts_at = '2026-12-01T10:00:00.000Z';
    const terms = { kind: 'cash', amount: 5, starts_at };
    expect(couponTermsIssues({ ...terms, ends_at: '2026-12-01T09:59:00.000Z' })).toEqual([
      { path: 'ends_at', message: 'The end must come after the start' },
    ]);
    expect(couponTermsIssues({ ...terms, ends_at: starts_at })).toEqual([
      { path: 'ends_at', message: 'The end must come after the start' },
    ]);
    // The same moment written in another zone is not after it either.
    expect(couponTermsIssues({ ...terms, ends_at: '2026-12-01T11:00:00+01:00' })).toEqual([
      { path: 'ends_at', message: 'The end must come after the start' },
    ]);
    expect(couponTermsIssues({ ...terms, ends_at: '2026-12-01T10:01:00.000Z' })).toEqual([]);
  });

  it('when only one of the dates is set (or one is empty or not text), then the dates are not compared', () => {
    const late = '2030-01-01T00:00:00.000Z';
    const early = '2020-01-01T00:00:00.000Z';
    expect(couponTermsIssues({ kind: 'cash', amount: 5, starts_at: late })).toEqual([]);
    expect(couponTermsIssues({ kind: 'cash', amount: 5, ends_at: early })).toEqual([]);
    expect(couponTermsIssues({ kind: 'cash', amount: 5, starts_at: late, ends_at: '' })).toEqual([]);
    expect(couponTermsIssues({ kind: 'cash', amount: 5, starts_at: '', ends_at: early })).toEqual([]);
    expect(couponTermsIssues({ kind: 'cash', amount: 5, starts_at: late, ends_at: null })).toEqual([]);
    expect(couponTermsIssues({ kind: 'cash', amount: 5, starts_at: 1893456000000, ends_at: early })).toEqual([]);
  });

  it('when both the amount and the dates are wrong, then both are said, the amount first', () => {
    expect(
      couponTermsIssues({
        kind: 'percent',
        amount: 120,
        starts_at: '2026-12-02T00:00:00.000Z',
        ends_at: '2026-12-01T00:00:00.000Z',
      }),
    ).toEqual([
      { path: 'amount', message: 'A percentage is above 0 and at most 100' },
      { path: 'ends_at', message: 'The end must come after the start' },
    ]);
  });
});

describe('adminCouponsQuerySchema (GET admin/coupons)', () => {
  it('when page, limit, a search and a sort arrive as text, then they are numbers, the search trimmed', () => {
    expect(
      adminCouponsQuerySchema.parse({ page: '2', limit: '100', search: '  summer ', sort: ['uses_count', 'DESC'] }),
    ).toEqual({ page: 2, limit: 100, search: 'summer', sort: ['uses_count', 'DESC'] });
    expect(adminCouponsQuerySchema.parse({})).toEqual({});
  });

  it('when each column is asked for, then code, amount, uses_count, ends_at and created_at sort; anything else is refused', () => {
    for (const column of ['code', 'amount', 'uses_count', 'ends_at', 'created_at'])
      expect(adminCouponsQuerySchema.safeParse({ sort: [column, 'ASC'] }).success, column).toBe(true);
    for (const column of ['kind', 'max_uses', 'id'])
      expect(adminCouponsQuerySchema.safeParse({ sort: [column, 'ASC'] }).success, column).toBe(false);
    expect(adminCouponsQuerySchema.safeParse({ sort: ['code', 'UP'] }).success).toBe(false);
  });

  it('when a limit of 101, a search of 101 characters or an unknown parameter is sent, then it is refused', () => {
    expect(issuesOf(adminCouponsQuerySchema.safeParse({ limit: '101' }))).toEqual([
      'limit: Too big: expected number to be <=100',
    ]);
    expect(adminCouponsQuerySchema.safeParse({ search: 'x'.repeat(100) }).success).toBe(true);
    expect(adminCouponsQuerySchema.safeParse({ search: 'x'.repeat(101) }).success).toBe(false);
    expect(adminCouponsQuerySchema.safeParse({ kind: 'cash' }).success).toBe(false);
  });
});

describe('couponInputSchema (POST admin/coupons, PUT admin/coupons/{id})', () => {
  it('when a code is sent without "active", then it is active, and every field comes back as sent', () => {
    expect(couponInputSchema.parse(validCode)).toEqual({ ...validCode, active: true });
    const full = {
      id: 'a'.repeat(64),
      code: 'WINTER',
      kind: 'cash' as const,
      amount: '12.50',
      min_subtotal: '40',
      starts_at: '2026-12-01T00:00:00+01:00',
      ends_at: '2026-12-31T23:59:59.000Z',
      max_uses: 1000000,
      active: false,
    };
    expect(couponInputSchema.parse(full)).toEqual({ ...full, amount: 12.5, min_subtotal: 40 });
  });

  it('when nullable fields are null, then they stay null', () => {
    const nulls = { id: null, min_subtotal: null, starts_at: null, ends_at: null, max_uses: null };
    expect(couponInputSchema.parse({ ...validCode, ...nulls })).toEqual({ ...validCode, ...nulls, active: true });
  });

  it('when the terms break the rules, then each issue is on its field with the shared sentence', () => {
    expect(issuesOf(couponInputSchema.safeParse({ ...validCode, amount: 0 }))).toEqual([
      'amount: The amount must be above 0',
    ]);
    expect(issuesOf(couponInputSchema.safeParse({ ...validCode, amount: 101 }))).toEqual([
      'amount: A percentage is above 0 and at most 100',
    ]);
    expect(
      issuesOf(
        couponInputSchema.safeParse({
          ...validCode,
          starts_at: '2026-12-02T00:00:00Z',
          ends_at: '2026-12-01T00:00:00Z',
        }),
      ),
    ).toEqual(['ends_at: The end must come after the start']);
  });

  it('when max_uses is 0, 1.5 or above 1000000, then it is refused with its own words', () => {
    expect(issuesOf(couponInputSchema.safeParse({ ...validCode, max_uses: 0 }))).toEqual(['max_uses: At least 1']);
    expect(issuesOf(couponInputSchema.safeParse({ ...validCode, max_uses: 1.5 }))).toEqual([
      'max_uses: A whole number',
    ]);
    expect(couponInputSchema.safeParse({ ...validCode, max_uses: 1 }).success).toBe(true);
    expect(couponInputSchema.safeParse({ ...validCode, max_uses: 1000001 }).success).toBe(false);
  });

  it('when an amount above 100000, a date without a zone, an id of 65 characters, an unknown kind or field is sent, then it is refused', () => {
    expect(couponInputSchema.safeParse({ ...validCode, kind: 'cash', amount: 100000 }).success).toBe(true);
    for (const bad of [
      { kind: 'cash', amount: 100001 },
      { min_subtotal: 100001 },
      { starts_at: '2026-12-01' },
      { ends_at: 'tomorrow' },
      { id: 'a'.repeat(65) },
      { kind: 'free' },
      { code: 'no' },
      { uses_count: 3 },
    ])
      expect(couponInputSchema.safeParse({ ...validCode, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});
