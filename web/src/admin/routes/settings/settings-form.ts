import {
  type AdminConfig,
  type AdminConfigInput,
  adminConfigSchema,
  tidyShopAddress,
  toCents,
} from '@shop/shared/admin';
import type { CategoryChoice } from '../../api/config';

/** What the settings form edits; the rest of AdminConfig is shown read-only. */
export interface SettingsDraft {
  categories_order: string[];
  /** null while the fee box is empty. */
  shipment_amount: number | null;
  shipment_method: string;
  admin_email: string;
  shop_name: string;
  /** Lines as typed; the server trims them and drops blank ones. */
  shop_address: string;
  /** The link to follow parcels of carriers the shop does not recognise ({number}); '' for none. */
  tracking_url_template: string;
}

export type SettingsField = keyof SettingsDraft;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export const draftFromConfig = (config: AdminConfig): SettingsDraft => ({
  categories_order: [...config.shop.categories_order],
  shipment_amount: config.shop.shipment_amount,
  shipment_method: config.shop.shipment_method,
  admin_email: config.shop.admin_email,
  shop_name: config.shop.shop_name,
  shop_address: config.shop.shop_address,
  tracking_url_template: config.shop.tracking_url_template,
});

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

const sameAmount = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : toCents(a) === toCents(b);

/**
 * Whether saving would change anything. Compared the way the server stores the values: the category order
 * matters (it is the display order), the fee to the cent, and texts without the spaces the server trims.
 */
export function settingsChanged(baseline: SettingsDraft, draft: SettingsDraft): boolean {
  return (
    !sameOrder(baseline.categories_order, draft.categories_order) ||
    !sameAmount(baseline.shipment_amount, draft.shipment_amount) ||
    baseline.shipment_method.trim() !== draft.shipment_method.trim() ||
    baseline.admin_email.trim() !== draft.admin_email.trim() ||
    baseline.shop_name.trim() !== draft.shop_name.trim() ||
    tidyShopAddress(baseline.shop_address) !== tidyShopAddress(draft.shop_address) ||
    baseline.tracking_url_template.trim() !== draft.tracking_url_template.trim()
  );
}

/**
 * The POST admin/config body: the edited fields, plus the read-only ones sent back as they are (SPEC §7
 * lists them in the body; the server refuses a different value).
 */
export const toConfigInput = (draft: SettingsDraft, config: AdminConfig): AdminConfigInput => ({
  categories_order: draft.categories_order,
  shipment_amount: draft.shipment_amount ?? Number.NaN,
  shipment_method: draft.shipment_method.trim(),
  admin_email: draft.admin_email.trim(),
  shop_name: draft.shop_name.trim(),
  shop_address: draft.shop_address,
  tracking_url_template: draft.tracking_url_template.trim(),
  currency_code: config.shop.currency_code,
  payment_method: config.shop.payment_method,
  payment_country: config.shop.payment_country,
});

const FIELD_MESSAGES: Record<SettingsField, string> = {
  categories_order: 'Choose categories from the list',
  shipment_amount: 'Enter a fee between 0 and 10000',
  shipment_method: 'Use at most 200 characters',
  admin_email: 'Enter a valid email address',
  shop_name: 'Enter the shop name (at most 120 characters)',
  shop_address: 'Use at most 6 lines of up to 80 characters',
  tracking_url_template: 'Enter an https:// link containing {number}, or leave it empty',
};

const REMOVED_CATEGORY_MESSAGE = 'Remove the categories that no longer exist';

const isSettingsField = (key: unknown): key is SettingsField =>
  typeof key === 'string' && Object.prototype.hasOwnProperty.call(FIELD_MESSAGES, key);

/** The body as the schema leaves it: texts trimmed, the fee a number. */
export type AdminConfigBody = ReturnType<typeof adminConfigSchema.parse>;

/** The form's baseline after a save the server confirmed without sending the settings back. */
export const draftFromBody = (body: AdminConfigBody): SettingsDraft => ({
  categories_order: [...body.categories_order],
  shipment_amount: body.shipment_amount,
  shipment_method: body.shipment_method,
  admin_email: body.admin_email,
  shop_name: body.shop_name ?? '',
  shop_address: body.shop_address ?? '',
  tracking_url_template: body.tracking_url_template ?? '',
});

/**
 * Checks the body with the very schema the server uses, so the form refuses exactly what the server would.
 * Returns the body to send, or a message per field that is wrong.
 */
export function validateSettings(
  draft: SettingsDraft,
  config: AdminConfig,
  categories?: readonly CategoryChoice[],
): { ok: true; input: AdminConfigBody } | { ok: false; errors: SettingsErrors } {
  const parsed = adminConfigSchema.safeParse(toConfigInput(draft, config));
  // The server refuses an order naming a category that no longer exists; say so before asking it.
  const known = categories ? new Set(categories.map((category) => category.id)) : null;
  const removed = known ? draft.categories_order.some((id) => !known.has(id)) : false;
  if (parsed.success && !removed) return { ok: true, input: parsed.data };
  const errors: SettingsErrors = removed ? { categories_order: REMOVED_CATEGORY_MESSAGE } : {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if (isSettingsField(field)) errors[field] ??= FIELD_MESSAGES[field];
  }
  // A refusal outside the edited fields (the read-only ones) still must not pass silently.
  if (Object.keys(errors).length === 0) errors.categories_order = FIELD_MESSAGES.categories_order;
  return { ok: false, errors };
}

/** The tab that holds a field, so a refused save can show the person where to look. */
export const tabOfField = (field: SettingsField): 'shop' | 'other' =>
  field === 'admin_email' || field === 'shop_name' || field === 'shop_address' ? 'other' : 'shop';

export interface CategoryOption {
  value: string;
  label: string;
}

/**
 * Choices of the display-order select. Ids already in the saved order that no longer name a category
 * (deleted since) stay selectable and visible as such, so the admin can remove them instead of seeing a
 * raw id; hidden categories say so, since they do not show in the shop whatever their place.
 */
export function categoryOptions(categories: readonly CategoryChoice[], order: readonly string[]): CategoryOption[] {
  const known = new Set(categories.map((category) => category.id));
  const options = categories.map((category) => ({
    value: category.id,
    label: category.published ? category.name : `${category.name} (not published)`,
  }));
  const missing = order.filter((id) => !known.has(id)).map((id) => ({ value: id, label: 'Removed category' }));
  return [...options, ...missing];
}
