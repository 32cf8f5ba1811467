import { formatQuantity, hasEffectiveDiscount, type PublicProduct } from '@shop/shared';
import { Link } from 'react-router-dom';
import { useShopState } from '../../app/shop-state';
import { Button } from '../ui/Button';
import { DeleteIcon, EyeIcon, ShoppingCartIcon } from '../ui/icons';
import { Tooltip } from '../ui/Tooltip';
import { AssetImage } from './AssetImage';
import { discountLabel, Price } from './Price';
import './components.css';

interface Props {
  product: PublicProduct;
  /** The category whose page lists the card: a product in several categories is labelled with that one. */
  categoryId?: string;
  /** The card is on the first screen: its picture loads at once (see ProductGrid's `eager`). */
  eager?: boolean;
}

/** The category a card names: the one being browsed when the product belongs to it, else its first. */
function categoryLabel(product: PublicProduct, categoryId: string | undefined): string {
  const viewed = categoryId === undefined ? undefined : product.categories.find((c) => c.id === categoryId);
  return (viewed ?? product.categories[0])?.name ?? '';
}

export function ProductCard({ product, categoryId, eager = false }: Props) {
  const { currency, cart, addToCart, removeFromCart } = useShopState();
  const href = `/site/shop/${encodeURIComponent(product.id)}`;
  const inStock = product.inventory_stock;
  // SPEC §2 product card: removal is offered once the product is in the cart.
  const inCart = cart.some((item) => item.id === product.id);
  const discounted = hasEffectiveDiscount(product);
  const quantity = formatQuantity(product.quantity_amount, product.quantity_unit);

  return (
    <article
      className={inStock ? 'product-card' : 'product-card product-card--out'}
      data-testid="product-card"
      data-product-id={product.id}
    >
      <div className="product-card-media">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <AssetImage
            id={product.img?.id ?? product.img_id}
            alt={product.name}
            size="card"
            className="product-card-img"
            eager={eager}
          />
        </Link>
        {/* Shown on hover or keyboard focus; always visible on touch screens, which cannot hover. */}
        <div className="product-card-actions">
          <Tooltip title="View product">
            <Link to={href} className="card-action-link" aria-label={`View ${product.name}`} data-testid="view-product">
              <EyeIcon />
            </Link>
          </Tooltip>
          <Tooltip title={inStock ? 'Add to cart' : 'Not available'}>
            <Button
              circle
              size="large"
              variant="primary"
              icon={<ShoppingCartIcon />}
              aria-label={`Add ${product.name} to cart`}
              data-testid="add-to-cart"
              className={inStock ? undefined : 'is-unavailable'}
              // Kept clickable when out of stock so the shopper gets the "not available" notice (SPEC §4 Stock).
              onClick={() => addToCart(product, 1)}
            />
          </Tooltip>
          {inCart && (
            <Tooltip title="Remove from cart">
              <Button
                circle
                size="large"
                danger
                icon={<DeleteIcon />}
                aria-label={`Remove ${product.name} from cart`}
                data-testid="remove-from-cart"
                onClick={() => removeFromCart(product)}
              />
            </Tooltip>
          )}
        </div>
      </div>
      <div className="product-card-body">
        <div className="product-card-meta">
          <span className="product-card-category" data-testid="product-card-category">
            {categoryLabel(product, categoryId)}
          </span>
          {quantity && (
            <span className="product-card-size" data-testid="product-card-size">
              {quantity}
            </span>
          )}
        </div>
        <h3 className="product-card-name">
          <Link to={href}>{product.name}</Link>
        </h3>
        {/* Below the photo, not on it: the product's name is printed across the top of its picture. */}
        <div className="product-card-footer">
          <Price product={product} currency={currency} />
          {(discounted || !inStock) && (
            <span className="product-card-badges" data-testid="product-card-badges">
              {discounted && <span className="badge badge--sale">{discountLabel(product, currency)}</span>}
              {!inStock && <span className="badge badge--muted">Not available</span>}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
