import { discountedUnitPrice, formatMoney, hasEffectiveDiscount, type PublicProduct } from '@shop/shared';
// The price's own rules (the gap between the two prices) live there; a page showing prices without a product
// card, such as the order page opened from a mail, must load them too (issue 31 §10).
import './components.css';

type Priced = Pick<PublicProduct, 'price' | 'apply_discount' | 'discount_unit' | 'discount_amount'>;

/** "-15%" or "−$2.00": how a discount reads on a badge. The price itself comes from shared pricing. */
export function discountLabel(product: Priced, currency: string): string {
  return product.discount_unit === '%'
    ? `-${product.discount_amount}%`
    : formatMoney(-product.discount_amount, currency);
}

/** Selling price, with the list price struck through when a discount really lowers it. */
export function Price({ product, currency, size = 'md' }: { product: Priced; currency: string; size?: 'md' | 'lg' }) {
  const discounted = hasEffectiveDiscount(product);
  return (
    <span className={`price price--${size}`}>
      <span className={discounted ? 'price-now price-now--sale' : 'price-now'} data-testid="price">
        {formatMoney(discountedUnitPrice(product), currency)}
      </span>
      {/* A space, so the two prices never read as one ("$8.90$10.90") when copied or read aloud. */}
      {discounted && ' '}
      {discounted && (
        <s className="price-list" data-testid="list-price" aria-label={`was ${formatMoney(product.price, currency)}`}>
          {formatMoney(product.price, currency)}
        </s>
      )}
    </span>
  );
}
