import type { Payload } from 'payload';
import type { z } from 'zod';
import type { AdminConfig, adminConfigSchema } from '@shop/shared/admin';
import { badRequest } from '../../lib/app-error';
import { env } from '../../lib/env';
import { paypalPublicConfig } from '../paypal/public-config';
import { getSettings, type ShopSettingsValues } from '../settings';
import type { AdminUser } from './sales';

type AdminConfigUpdate = z.output<typeof adminConfigSchema>;

function toAdminConfig(s: ShopSettingsValues): AdminConfig {
  return {
    shop: {
      categories_order: s.categories_order,
      currency_code: s.currency_code,
      shipment_amount: s.shipment_amount,
      shipment_method: s.shipment_method,
      admin_email: s.admin_email,
      // Until the family names the shop, the papers use the name the mails are signed with; show that one.
      shop_name: s.shop_name || env.mailFromName,
      shop_address: s.shop_address,
      tracking_url_template: s.tracking_url_template,
      payment_method: s.payment_method,
      payment_country: s.payment_country,
    },
    // The PayPal the server really talks to (sandbox, live, the local emulator), not a stored wish.
    paypal_env: paypalPublicConfig().env,
    constants: s.constants,
  };
}

export async function getAdminConfig(payload: Payload): Promise<AdminConfig> {
  return toAdminConfig(await getSettings(payload));
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/** Issues in the shape zod's are reported in, so the form shows every reason the same way. */
type Issue = { path: string; message: string };

async function unknownCategoryIds(payload: Payload, user: AdminUser, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await payload.find({
    collection: 'categories',
    where: { id: { in: ids } },
    select: { id: true },
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  });
  const known = new Set(found.docs.map((doc) => String(doc.id)));
  return ids.filter((id) => !known.has(id));
}

/**
 * Saves the editable settings. Currency, payment methods and countries are fixed by the PayPal setup: they
 * may come back unchanged (the form sends what it showed) and any other value is refused, as is a
 * categories order naming a category that does not exist. Nothing is written unless everything is valid.
 */
export async function updateAdminConfig(
  payload: Payload,
  user: AdminUser,
  input: AdminConfigUpdate,
): Promise<AdminConfig> {
  const current = await getSettings(payload);
  const issues: Issue[] = [];
  if (input.currency_code !== undefined && input.currency_code !== current.currency_code)
    issues.push({ path: 'currency_code', message: `Read-only: the currency is ${current.currency_code}` });
  if (input.payment_method !== undefined && !sameSet(input.payment_method, current.payment_method))
    issues.push({ path: 'payment_method', message: 'Read-only: the payment methods cannot be changed here' });
  if (input.payment_country !== undefined && !sameSet(input.payment_country, current.payment_country))
    issues.push({ path: 'payment_country', message: 'Read-only: the shipment countries cannot be changed here' });
  const categoriesOrder = [...new Set(input.categories_order)];
  const unknown = await unknownCategoryIds(payload, user, categoriesOrder);
  if (unknown.length) issues.push({ path: 'categories_order', message: `Unknown categories: ${unknown.join(', ')}` });
  if (issues.length) throw badRequest(issues);

  await payload.updateGlobal({
    slug: 'shop-settings',
    data: {
      categories_order: categoriesOrder,
      shipment_amount: input.shipment_amount,
      shipment_method: input.shipment_method,
      admin_email: input.admin_email,
      ...(input.shop_name !== undefined && { shop_name: input.shop_name }),
      ...(input.shop_address !== undefined && { shop_address: input.shop_address }),
      ...(input.tracking_url_template !== undefined && { tracking_url_template: input.tracking_url_template }),
    },
    depth: 0,
    user,
    overrideAccess: false,
  });
  return getAdminConfig(payload);
}
