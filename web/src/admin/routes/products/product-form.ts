/**
 * The product form's values (SPEC §2 Product form, §4 defaults, §5 rules) and their translation to and from
 * what the server stores. Pure, so the rules are tested without a browser.
 */
import {
  type AdminConfig,
  type AdminProduct,
  CASH_UNIT,
  DEFAULT_FORM_QUANTITY_UNIT,
  DISCOUNT_UNITS,
  PERCENT_UNIT,
  type ProductInput,
  productInputSchema,
  QUANTITY_UNITS,
} from '@shop/shared/admin';
import { type FieldErrors, type FieldIssue, issuesToErrors } from '../../components/form-errors';

export interface ProductDraft {
  name: string;
  description: string;
  /** null while the box is empty. */
  price: number | null;
  categories: string[];
  img_id: string | null;
  quantity_amount: number | null;
  /** '' when cleared: the server then stores Oz (SPEC §5). */
  quantity_unit: string;
  discount_amount: number | null;
  /** What the select shows: a percent-like unit, or the shop's currency code standing for the cash unit. */
  discount_unit: string;
  apply_discount: boolean;
  apply_shipping: boolean;
  inventory_stock: boolean;
  /**
   * Units counted (issue 24): null, not counted. Set on the add page only; undefined on the edit page, where
   * the count changes through "Adjust stock" (with a reason) and a save leaves it as stored, so a sale made
   * while the form was open is never undone.
   */
  stock_quantity?: number | null;
  /** At or below it the storefront says "Only N left"; null: never. */
  low_stock_threshold: number | null;
  published: boolean;
  /** ISO date-time of a scheduled publication; null = as soon as it is published. */
  publish_at: string | null;
}

export type ProductField = keyof ProductDraft;
export type ProductErrors = FieldErrors<ProductField>;

export const PRODUCT_FIELDS: readonly ProductField[] = [
  'name',
  'description',
  'price',
  'categories',
  'img_id',
  'quantity_amount',
  'quantity_unit',
  'discount_amount',
  'discount_unit',
  'apply_discount',
  'apply_shipping',
  'inventory_stock',
  'stock_quantity',
  'low_stock_threshold',
  'published',
  'publish_at',
];

/** SPEC §4: a new product is published, in stock, ships, has no discount, costs 0 and measures 0 Ml. */
export const newProductDraft = (): ProductDraft => ({
  name: '',
  description: '',
  price: 0,
  categories: [],
  img_id: null,
  quantity_amount: 0,
  quantity_unit: DEFAULT_FORM_QUANTITY_UNIT,
  discount_amount: 0,
  discount_unit: PERCENT_UNIT,
  apply_discount: false,
  apply_shipping: true,
  inventory_stock: true,
  stock_quantity: null,
  low_stock_threshold: null,
  published: true,
  publish_at: null,
});

export const draftFromProduct = (product: AdminProduct, currencyCode: string): ProductDraft => ({
  name: product.name,
  description: product.description ?? '',
  price: product.price,
  categories: product.categories.map((category) => category.id),
  img_id: product.img_id ?? product.img?.id ?? null,
  quantity_amount: product.quantity_amount,
  quantity_unit: product.quantity_unit,
  discount_amount: product.discount_amount,
  discount_unit: product.discount_unit === CASH_UNIT ? currencyCode : product.discount_unit,
  apply_discount: product.apply_discount,
  apply_shipping: product.apply_shipping,
  inventory_stock: product.inventory_stock,
  low_stock_threshold: product.low_stock_threshold,
  published: product.published,
  publish_at: product.publish_at,
});

export interface UnitOption {
  value: string;
  label: string;
}

type ConfigUnits = AdminConfig['constants']['quantity_units'] | undefined;

/** The configured units the server accepts, in the configured order; all of them when none is configured. */
function knownUnits(configured: ConfigUnits, accepted: readonly string[]): string[] {
  const values = [...new Set((configured ?? []).map((unit) => unit.value))].filter((value) => accepted.includes(value));
  return values.length > 0 ? values : [...accepted];
}

export const quantityUnitOptions = (configured: ConfigUnits): UnitOption[] =>
  knownUnits(configured, QUANTITY_UNITS).map((value) => ({ value, label: value }));

/**
 * SPEC §5: the configured discount units without the cash unit, plus the shop's currency code, which stands
 * for the cash unit ("USD" rather than "CASH", so the admin reads a discount of 5 USD).
 */
export function discountUnitOptions(configured: ConfigUnits, currencyCode: string): UnitOption[] {
  const units = knownUnits(configured, DISCOUNT_UNITS).filter((value) => value !== CASH_UNIT);
  return [...units, currencyCode].map((value) => ({ value, label: value }));
}

/** The unit the server stores for what the select shows: the currency code becomes the cash unit. */
export const storedDiscountUnit = (shown: string, currencyCode: string): string =>
  shown === currencyCode ? CASH_UNIT : shown;

/**
 * The POST/PUT body. SPEC §5: empty amounts are 0; empty units are sent empty and the schema (client and
 * server alike) turns them into % and Oz. A product that is not published has no schedule.
 */
export function toProductInput(draft: ProductDraft, currencyCode: string): ProductInput {
  return {
    name: draft.name,
    description: draft.description,
    // NaN for an empty price: the schema refuses it like any other non-number, and the form names the field.
    price: draft.price ?? Number.NaN,
    categories: draft.categories,
    img_id: draft.img_id,
    quantity_amount: draft.quantity_amount ?? 0,
    quantity_unit: (draft.quantity_unit || '') as ProductInput['quantity_unit'],
    discount_amount: draft.discount_amount ?? 0,
    discount_unit: storedDiscountUnit(draft.discount_unit, currencyCode) as ProductInput['discount_unit'],
    apply_discount: draft.apply_discount,
    apply_shipping: draft.apply_shipping,
    inventory_stock: draft.inventory_stock,
    ...(draft.stock_quantity !== undefined && { stock_quantity: draft.stock_quantity }),
    low_stock_threshold: draft.low_stock_threshold,
    published: draft.published,
    publish_at: draft.published ? draft.publish_at : null,
  };
}

/** zod's own texts for a wrong type read like a stack trace; these say what to enter instead. */
const TYPE_MESSAGES: Partial<Record<ProductField, string>> = {
  price: 'Enter a price',
  quantity_amount: 'Enter an amount',
  discount_amount: 'Enter an amount',
  quantity_unit: 'Choose a unit from the list',
  discount_unit: 'Choose a unit from the list',
  publish_at: 'Choose a valid date and time',
};

const REPLACED_CODES = new Set(['invalid_type', 'invalid_union', 'invalid_value', 'invalid_format']);

const friendlyMessage = (field: ProductField, issue: FieldIssue & { code?: string }) =>
  issue.code !== undefined && REPLACED_CODES.has(issue.code) ? (TYPE_MESSAGES[field] ?? issue.message) : issue.message;

export type ProductBody = ReturnType<typeof productInputSchema.parse>;

/** Checks the body with the schema the server uses, so the form refuses exactly what the server would. */
export function validateProduct(
  draft: ProductDraft,
  currencyCode: string,
): { ok: true; input: ProductInput } | { ok: false; errors: ProductErrors } {
  const input = toProductInput(draft, currencyCode);
  const parsed = productInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors = issuesToErrors(parsed.error.issues, PRODUCT_FIELDS, friendlyMessage);
  // A refusal the form cannot point at must still not pass silently.
  if (Object.keys(errors).length === 0) errors.name = parsed.error.issues[0]?.message ?? 'Check this product';
  return { ok: false, errors };
}
