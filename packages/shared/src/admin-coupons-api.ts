/**
 * Discount codes (issue 24 §3): the control centre's contract for admin/coupons, the rules both the form and
 * the server (and the collection, for every door) apply, and the public check's answer.
 */
import { z } from 'zod';
import { COUPON_CODE_PATTERN, COUPON_KINDS, type CouponKind } from './pricing';
import { amount, limitParam, pageParam, sortDirection } from './schema-parts';

export { COUPON_CODE_PATTERN };
export const COUPON_CODE_RULE = 'Use 3 to 32 letters, digits, "-" or "_"';
export const COUPON_CODE_TAKEN = 'A discount code with this name already exists';
export const COUPON_PERCENT_RULE = 'A percentage is above 0 and at most 100';
export const COUPON_AMOUNT_RULE = 'The amount must be above 0';
export const COUPON_DATES_RULE = 'The end must come after the start';
export const MAX_COUPON_AMOUNT = 100000;
export const MAX_COUPON_USES = 1_000_000;

export const couponCodeSchema = z.string().trim().regex(COUPON_CODE_PATTERN, COUPON_CODE_RULE);

/** Why the terms of a code are not acceptable, by field, or [] (the collection's hook and the zod schema). */
export function couponTermsIssues(terms: {
  kind?: unknown;
  amount?: unknown;
  starts_at?: unknown;
  ends_at?: unknown;
}): Array<{ path: 'amount' | 'ends_at'; message: string }> {
  const issues: Array<{ path: 'amount' | 'ends_at'; message: string }> = [];
  const value = Number(terms.amount);
  if (!(value > 0)) issues.push({ path: 'amount', message: COUPON_AMOUNT_RULE });
  else if (terms.kind === 'percent' && value > 100) issues.push({ path: 'amount', message: COUPON_PERCENT_RULE });
  if (
    typeof terms.starts_at === 'string' &&
    terms.starts_at &&
    typeof terms.ends_at === 'string' &&
    terms.ends_at &&
    Date.parse(terms.ends_at) <= Date.parse(terms.starts_at)
  ) {
    issues.push({ path: 'ends_at', message: COUPON_DATES_RULE });
  }
  return issues;
}

export interface AdminCoupon {
  id: string;
  /** In capitals, as matched. */
  code: string;
  kind: CouponKind;
  amount: number;
  min_subtotal: number | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  /** Captured payments that used the code (taken before each capture, given back when it fails). */
  uses_count: number;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export const COUPON_SORT_COLUMNS = ['code', 'amount', 'uses_count', 'ends_at', 'created_at'] as const;

/** GET admin/coupons */
export const adminCouponsQuerySchema = z.strictObject({
  page: pageParam.optional(),
  limit: limitParam(100).optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.tuple([z.enum(COUPON_SORT_COLUMNS), sortDirection]).optional(),
});
export type AdminCouponsQuery = z.input<typeof adminCouponsQuerySchema>;

const dateTime = z.iso.datetime({ offset: true }).nullish();

/** POST admin/coupons and PUT admin/coupons/{id}: the whole code (the form sends every field). */
export const couponInputSchema = z
  .strictObject({
    id: z.string().max(64).nullish(),
    code: couponCodeSchema,
    kind: z.enum(COUPON_KINDS),
    amount: amount(MAX_COUPON_AMOUNT),
    min_subtotal: amount(MAX_COUPON_AMOUNT).nullish(),
    starts_at: dateTime,
    ends_at: dateTime,
    max_uses: z.number().int('A whole number').min(1, 'At least 1').max(MAX_COUPON_USES).nullish(),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    for (const issue of couponTermsIssues(c))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CouponInput = z.input<typeof couponInputSchema>;
