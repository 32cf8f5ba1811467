import { ValidationError, type CollectionBeforeChangeHook } from 'payload';
import { productPricingIssues } from '@shop/shared/admin';

/**
 * Issue 25 §1.1 and issue 29 §4: a product's price and discount obey one rule on every door (the control
 * centre's admin/products, Payload's REST /api/products and the /cms panel): a published product needs a price
 * above zero, a percentage discount is at most 100 and a cash discount at most the price, or a cart would
 * sell it for nothing and the invoice show a discount larger than the goods. The rule is the form schema's own
 * (productPricingIssues). An update may send only some fields: what it leaves out is read from the stored product.
 */
export const refuseBrokenProductPricing: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  // A field sent as null is stored as null, so it is judged as null, not as the value it replaces.
  const after = (field: string): unknown => (field in data ? data[field] : originalDoc?.[field]);
  const issues = productPricingIssues({
    published: after('published') ?? true,
    price: after('price'),
    discount_unit: after('discount_unit'),
    discount_amount: after('discount_amount'),
  });
  if (issues.length > 0) throw new ValidationError({ collection: 'products', errors: issues }, req.t);
  return data;
};
