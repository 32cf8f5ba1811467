import type { Payload } from 'payload';
import { discountedUnitPrice, type MarketProduct } from '@shop/shared/admin';
import { onStorefront } from '../../access/published-or-admin';
import type { AdminUser } from '../admin/sales';
import { imageRef, num, str, type Doc } from '../mappers';

/**
 * What the stall sells from (issue 32 §2): the products on the storefront now, at the price charged now (after
 * the product's own discount), with the exact count left (the stall needs it, shoppers never see it) and the
 * card-sized picture the storefront's tiles use. Read with the admin's own access: admins only.
 */
export async function marketCatalogue(payload: Payload, user: AdminUser): Promise<MarketProduct[]> {
  const res = await payload.find({
    collection: 'products',
    where: onStorefront(),
    sort: ['name', 'id'],
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
    select: {
      name: true,
      price: true,
      apply_discount: true,
      discount_unit: true,
      discount_amount: true,
      stock_quantity: true,
      img: true,
    },
  });
  return (res.docs as Doc[]).map((doc) => {
    const img = imageRef(doc.img);
    return {
      id: String(doc.id),
      name: str(doc.name),
      price: discountedUnitPrice({
        price: num(doc.price),
        apply_discount: doc.apply_discount === true,
        discount_unit: str(doc.discount_unit) || '%',
        discount_amount: num(doc.discount_amount),
      }),
      stock_left: typeof doc.stock_quantity === 'number' ? doc.stock_quantity : null,
      img_url: img ? `/assets/${encodeURIComponent(img.id)}?size=card` : null,
    };
  });
}
