import {
  type CollectionBeforeChangeHook,
  type CollectionBeforeValidateHook,
  type CollectionConfig,
  type NumberFieldSingleValidation,
  type TextFieldSingleValidation,
  ValidationError,
} from 'payload';
import { COUPON_KINDS, normalizeCouponCode } from '@shop/shared';
import {
  COUPON_CODE_PATTERN,
  COUPON_CODE_RULE,
  COUPON_CODE_TAKEN,
  MAX_COUPON_AMOUNT,
  MAX_COUPON_USES,
  couponTermsIssues,
} from '@shop/shared/admin';
import { hiddenFromEditors, isAdmin, isAdminUser } from '../access/roles';
import { refuseMistypedValues } from '../hooks/refuse-mistyped-values';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';

/** Codes are stored in capitals without surrounding spaces, so " summer10" and "SUMMER10" are one code. */
const normalizeCode: CollectionBeforeValidateHook = ({ data }) => {
  if (data && typeof data.code === 'string') data.code = normalizeCouponCode(data.code);
  return data;
};

const codeShape: TextFieldSingleValidation = (value) =>
  (typeof value === 'string' && COUPON_CODE_PATTERN.test(value)) || COUPON_CODE_RULE;

const wholeUses: NumberFieldSingleValidation = (value) =>
  value === null ||
  value === undefined ||
  (Number.isInteger(value) && value >= 1 && value <= MAX_COUPON_USES) ||
  'A whole number, 1 or more';

/**
 * The terms as they will be stored (what the write leaves out is read from the stored code): a percent is
 * above 0 and at most 100, cash above 0, and the end after the start. On every door.
 */
const termsAreSound: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  const merged = { ...(originalDoc ?? {}), ...data };
  const issues = couponTermsIssues(merged);
  if (issues.length > 0) {
    throw new ValidationError({ collection: 'coupons', errors: issues }, req.t);
  }
  return data;
};

/**
 * A readable refusal of a code already taken (whatever its case: codes are stored in capitals, so the unique
 * index holds across cases too, and this only words the answer).
 */
const refuseTakenCode: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  if (typeof data.code !== 'string' || data.code === originalDoc?.code) return data;
  const { docs } = await req.payload.find({
    collection: 'coupons',
    where: { code: { equals: data.code } },
    select: { code: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
    req,
  });
  if (docs.some((doc) => String(doc.id) !== String(originalDoc?.id))) {
    throw new ValidationError({ collection: 'coupons', errors: [{ path: 'code', message: COUPON_CODE_TAKEN }] }, req.t);
  }
  return data;
};

/**
 * A discount code (issue 24 §3): percent or cash off the goods (never the shipping), with an optional minimum
 * subtotal, validity dates and a total number of uses. Admins only, on every door. `uses_count` and
 * `use_holds` are the shop's own bookkeeping (services/coupon-uses.ts): counted in one conditional write per
 * checkout before the capture, so no door writes them.
 */
export const Coupons: CollectionConfig = {
  slug: 'coupons',
  labels: { singular: 'Discount code', plural: 'Discount codes' },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: {
    useAsTitle: 'code',
    hidden: hiddenFromEditors,
    defaultColumns: ['code', 'kind', 'amount', 'uses_count', 'max_uses', 'active'],
  },
  fields: [
    { name: 'code', type: 'text', required: true, unique: true, index: true, maxLength: 32, validate: codeShape },
    { name: 'kind', type: 'select', options: [...COUPON_KINDS], required: true, defaultValue: 'percent' },
    { name: 'amount', type: 'number', required: true, min: 0, max: MAX_COUPON_AMOUNT },
    // Goods (after the products' own discounts) below this do not get the discount; empty: no minimum.
    { name: 'min_subtotal', type: 'number', min: 0, max: MAX_COUPON_AMOUNT },
    { name: 'starts_at', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'ends_at', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    // Empty: any number of uses.
    { name: 'max_uses', type: 'number', min: 1, validate: wholeUses },
    { name: 'active', type: 'checkbox', defaultValue: true, index: true },
    {
      name: 'uses_count',
      type: 'number',
      defaultValue: 0,
      admin: { readOnly: true },
      access: { create: () => false, update: () => false },
    },
    {
      // A use taken by a checkout before it asked PayPal to capture, by PayPal order id: taken and noted in
      // one conditional statement, so a crash can never tell them apart. No door writes it.
      name: 'use_holds',
      type: 'json',
      admin: { hidden: true },
      access: { read: ({ req }) => isAdminUser(req.user), create: () => false, update: () => false },
    },
  ],
  hooks: {
    // What /api/v2 refuses, every door refuses (issue 29 §4).
    beforeOperation: [refuseMistypedValues],
    beforeValidate: [stripControlCharactersHook, normalizeCode],
    beforeChange: [termsAreSound, refuseTakenCode],
  },
};
