import type { DiscountUnit } from '@shop/shared';

/**
 * One row of an order's `products` array as stored: the priced line at the time of payment, plus what
 * analytics needs later (categories, image) even if the product changes or disappears.
 */
export interface OrderLineRecord {
  product_id: string;
  product: string;
  price: number;
  quantity: number;
  apply_discount: boolean;
  discount_unit: DiscountUnit;
  discount_amount: number;
  apply_shipping: boolean;
  category_ids: string[];
  img_id: string | null;
}
