import type { Payload } from 'payload';
import { DEFAULT_CURRENCY, type PublicConfig } from '@shop/shared';
import { paypalPublicConfig } from './paypal/public-config';

export interface ShopSettingsValues {
  categories_order: string[];
  currency_code: string;
  shipment_amount: number;
  shipment_method: string;
  admin_email: string;
  shop_name: string;
  shop_address: string;
  /** The link to follow a parcel no known carrier prints, `{number}` for the number; '' when unset. */
  tracking_url_template: string;
  payment_method: string[];
  payment_country: string[];
  paypal_env: string;
  constants: { quantity_units: Array<{ value: string }>; discount_units: Array<{ value: string }> };
}

export async function getSettings(payload: Payload): Promise<ShopSettingsValues> {
  // Read through the adapter: the global has no read hooks, so its stored row is what the Local API would
  // answer, at less than half the cost (a checkout reads the settings three times). Only a global never saved
  // has no row; then the Local API fills in the fields' defaults.
  const stored = (await payload.db.findGlobal({ slug: 'shop-settings' })) as Record<string, unknown> | null;
  const g =
    stored?.id !== undefined && stored?.id !== null
      ? stored
      : ((await payload.findGlobal({ slug: 'shop-settings', depth: 0, overrideAccess: true })) as unknown as Record<
          string,
          unknown
        >);
  const ids = (v: unknown) => (Array.isArray(v) ? v.map((x) => String((x as { id?: unknown })?.id ?? x)) : []);
  const constants = (g.constants ?? {}) as ShopSettingsValues['constants'];
  return {
    categories_order: ids(g.categories_order),
    currency_code: typeof g.currency_code === 'string' ? g.currency_code : DEFAULT_CURRENCY,
    shipment_amount: typeof g.shipment_amount === 'number' ? g.shipment_amount : 0,
    shipment_method: typeof g.shipment_method === 'string' ? g.shipment_method : '',
    admin_email: typeof g.admin_email === 'string' ? g.admin_email : '',
    shop_name: typeof g.shop_name === 'string' ? g.shop_name : '',
    shop_address: typeof g.shop_address === 'string' ? g.shop_address : '',
    tracking_url_template: typeof g.tracking_url_template === 'string' ? g.tracking_url_template : '',
    payment_method: Array.isArray(g.payment_method) ? (g.payment_method as string[]) : [],
    payment_country: Array.isArray(g.payment_country) ? (g.payment_country as string[]) : [],
    paypal_env: typeof g.paypal_env === 'string' ? g.paypal_env : 'development',
    constants: {
      quantity_units: (constants?.quantity_units ?? []).map(({ value }) => ({ value })),
      discount_units: (constants?.discount_units ?? []).map(({ value }) => ({ value })),
    },
  };
}

export async function getPublicConfig(payload: Payload): Promise<PublicConfig> {
  const s = await getSettings(payload);
  return {
    currency_code: s.currency_code,
    payment_method: s.payment_method,
    payment_country: s.payment_country,
    shipment_amount: s.shipment_amount,
    shipment_method: s.shipment_method,
    paypal: paypalPublicConfig(),
  };
}
