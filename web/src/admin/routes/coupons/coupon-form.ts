/** The discount code form's values and their translation to the body (issue 24 §3). */
import { type AdminCoupon, type CouponInput, type CouponKind, couponInputSchema } from '@shop/shared/admin';
import { type FieldErrors, issuesToErrors } from '../../components/form-errors';

export const COUPONS_PATH = '/admin/coupons';

export interface CouponDraft {
  code: string;
  kind: CouponKind;
  amount: number | null;
  min_subtotal: number | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  active: boolean;
}

export type CouponField = keyof CouponDraft;
export type CouponErrors = FieldErrors<CouponField>;

export const COUPON_FIELDS: readonly CouponField[] = [
  'code',
  'kind',
  'amount',
  'min_subtotal',
  'starts_at',
  'ends_at',
  'max_uses',
  'active',
];

/** A new code: 10 % off, active, no minimum, no dates, any number of uses. */
export const newCouponDraft = (): CouponDraft => ({
  code: '',
  kind: 'percent',
  amount: 10,
  min_subtotal: null,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  active: true,
});

export const draftFromCoupon = (coupon: AdminCoupon): CouponDraft => ({
  code: coupon.code,
  kind: coupon.kind,
  amount: coupon.amount,
  min_subtotal: coupon.min_subtotal,
  starts_at: coupon.starts_at,
  ends_at: coupon.ends_at,
  max_uses: coupon.max_uses,
  active: coupon.active,
});

export const toCouponInput = (draft: CouponDraft): CouponInput => ({
  code: draft.code.trim().toUpperCase(),
  kind: draft.kind,
  amount: draft.amount ?? 0,
  min_subtotal: draft.min_subtotal,
  starts_at: draft.starts_at,
  ends_at: draft.ends_at,
  max_uses: draft.max_uses,
  active: draft.active,
});

/** Checks the body with the schema the server uses, so the form refuses exactly what the server would. */
export function validateCoupon(
  draft: CouponDraft,
): { ok: true; input: CouponInput } | { ok: false; errors: CouponErrors } {
  const input = toCouponInput(draft);
  const parsed = couponInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors = issuesToErrors(parsed.error.issues, COUPON_FIELDS);
  if (Object.keys(errors).length === 0) errors.code = parsed.error.issues[0]?.message ?? 'Check this code';
  return { ok: false, errors };
}
