import { formatQuantity, type RecipeProduct } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useShopState } from '../../app/shop-state';
import { addAllMessage, type AddAllMessage } from '../cart/add-all';
import { cartStore } from '../cart/store';
import { Button } from '../ui/Button';
import { CheckCircleFilledIcon, ExclamationCircleFilledIcon, ShoppingCartIcon } from '../ui/icons';
import { Tag } from '../ui/Tag';
import { AssetImage } from './AssetImage';
import { Price } from './Price';

interface Props {
  recipeName: string;
  products: RecipeProduct[];
}

/**
 * The shop's products a recipe uses (issue 15 part 3): each with its size, price after discount and whether
 * it can be bought now, and "Add all to cart", which puts the recipe's quantity of each available product in the cart and
 * then says, in a live region, how many went in and which were not available.
 */
export function RecipeProducts({ recipeName, products }: Props) {
  const { currency } = useShopState();
  const [message, setMessage] = useState<AddAllMessage | null>(null);
  if (products.length === 0) return null;

  const addAll = () =>
    setMessage(addAllMessage(cartStore.addAll(products.map((p) => ({ ...p, quantity: p.recipe_quantity })))));
  const Icon = message?.tone === 'warning' ? ExclamationCircleFilledIcon : CheckCircleFilledIcon;

  return (
    <section className="recipe-products" aria-labelledby="recipe-products-title" data-testid="recipe-products">
      <h2 id="recipe-products-title">From our shop</h2>
      <ul className="recipe-products-list">
        {products.map((product) => {
          const href = `/site/shop/${encodeURIComponent(product.id)}`;
          const size = formatQuantity(product.quantity_amount, product.quantity_unit);
          return (
            <li
              key={product.id}
              className={product.inventory_stock ? 'recipe-product' : 'recipe-product recipe-product--out'}
              data-testid="recipe-product"
              data-product-id={product.id}
            >
              <Link to={href} tabIndex={-1} aria-hidden="true" className="recipe-product-media">
                <AssetImage
                  id={product.img?.id ?? product.img_id}
                  alt=""
                  size="thumbnail"
                  className="recipe-product-img"
                />
              </Link>
              <div className="recipe-product-text">
                <Link to={href} className="recipe-product-name" data-testid="recipe-product-name">
                  {product.name}
                </Link>
                <div className="recipe-product-meta">
                  {product.recipe_quantity > 1 && (
                    <span className="recipe-product-quantity" data-testid="recipe-product-quantity">
                      {product.recipe_quantity} ×
                    </span>
                  )}
                  <Price product={product} currency={currency} />
                  {size && <span className="recipe-product-size">{size}</span>}
                  {product.inventory_stock ? (
                    <Tag tone="green" data-testid="recipe-product-stock">
                      In stock
                    </Tag>
                  ) : (
                    <Tag tone="red" filled data-testid="recipe-product-stock">
                      Not available
                    </Tag>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <Button
        variant="primary"
        size="large"
        block
        icon={<ShoppingCartIcon />}
        // The accessible name starts with the visible label (WCAG 2.5.3, label in name).
        aria-label={`Add all to cart: the products for ${recipeName}`}
        data-testid="recipe-add-all"
        onClick={addAll}
      >
        Add all to cart
      </Button>
      {/* Always in the page, so screen readers announce the message when it is filled in. */}
      <div className="recipe-products-live" aria-live="polite" aria-atomic="true" data-testid="recipe-cart-message">
        {message && (
          <div className={`ui-notice ui-notice--${message.tone}`}>
            <Icon className="ui-notice-icon" />
            <div>
              <div className="ui-notice-title">{message.title}</div>
              {message.detail && <div className="ui-notice-text">{message.detail}</div>}
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
