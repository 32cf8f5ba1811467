import { formatQuantity, hasEffectiveDiscount, productHead } from '@shop/shared';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useShopState } from '../../app/shop-state';
import { PageLoader } from '../../components/PageLoader';
import { isApiError } from '../../lib/api';
import { useProduct } from '../api/products';
import { MAX_QUANTITY } from '../cart/cart';
import { QuantityStepper } from '../cart/QuantityStepper';
import { AssetImage } from '../components/AssetImage';
import { discountLabel, Price } from '../components/Price';
import { usePageHead, useSiteUrls } from '../lib/use-document-meta';
import { Breadcrumb } from '../ui/Breadcrumb';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { CheckCircleFilledIcon, ShoppingCartIcon, StopIcon } from '../ui/icons';
import { Rating } from '../ui/Rating';
import { Tag } from '../ui/Tag';
import './product.css';

const RATING_STARS = 5;

export default function Product() {
  const { id } = useParams<{ id: string }>();
  const { data: product, error, isLoading } = useProduct(id);
  const { currency, addToCart } = useShopState();
  const [quantity, setQuantity] = useState(1);
  // False while the quantity box holds something that is not a whole number from 1 to 999 (issue 23).
  const [quantityValid, setQuantityValid] = useState(true);
  const urls = useSiteUrls();
  usePageHead(product ? productHead(product, currency, urls) : null);

  // SPEC §8: a missing (or unpublished) product goes to /site/404.
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return <Navigate to="/site/404" replace />;
  if (isLoading || (!product && !error)) return <PageLoader />;
  if (!product) {
    return (
      <div className="page">
        <EmptyState description="This product could not be loaded. Please try again in a moment." />
      </div>
    );
  }

  const inStock = product.inventory_stock;

  return (
    <div className="page product-page" data-testid="product-page">
      <Breadcrumb
        className="crumbs"
        items={[{ label: 'Home', to: '/site' }, { label: 'Shop', to: '/site/shop' }, { label: product.name }]}
      />
      <div className="product-layout">
        <div className="product-media">
          <AssetImage
            id={product.img?.id ?? product.img_id}
            alt={product.name}
            size="full"
            className="product-img"
            eager
          />
        </div>

        <div className="product-info">
          {product.categories.length > 0 && (
            <div className="product-categories" data-testid="product-categories">
              {product.categories.map((category) => (
                <Link key={category.id} to={`/site/category/${encodeURIComponent(category.id)}`}>
                  <Tag tone="green">{category.name}</Tag>
                </Link>
              ))}
            </div>
          )}
          <h1 className="product-name" data-testid="product-name">
            {product.name}
          </h1>
          <div className="product-rating">
            <span
              data-testid="product-rating"
              data-stars={product.stars}
              role="img"
              aria-label={`Rated ${product.stars} out of ${RATING_STARS}`}
            >
              <Rating count={RATING_STARS} value={product.stars} />
            </span>
            <span className="product-rating-text">
              {product.stars} / {RATING_STARS}
            </span>
          </div>

          <div className="product-price">
            <Price product={product} currency={currency} size="lg" />
            {/* Beside the price rather than on the photo, where it covered the name printed on the label. */}
            {hasEffectiveDiscount(product) && (
              <span className="badge badge--sale product-price-badge" data-testid="product-discount-badge">
                {discountLabel(product, currency)}
              </span>
            )}
          </div>

          {product.quantity_amount > 0 && (
            <p className="product-size">
              Size: <strong>{formatQuantity(product.quantity_amount, product.quantity_unit)}</strong>
            </p>
          )}

          <p className={inStock ? 'product-stock' : 'product-stock product-stock--out'} data-testid="product-stock">
            {inStock ? (
              <>
                <CheckCircleFilledIcon /> In stock, ready to ship
                {product.stock_left !== null && (
                  <strong className="product-stock-left" data-testid="product-stock-left">
                    {' '}
                    · Only {product.stock_left} left
                  </strong>
                )}
              </>
            ) : (
              <>
                <StopIcon /> This product is not available at the moment
              </>
            )}
          </p>

          {/* Right below price and stock, so a phone shows it without scrolling (issue 12). */}
          <div className="product-buy" data-testid="product-buy">
            <div className="product-qty">
              <label htmlFor="product-quantity">Quantity</label>
              <QuantityStepper
                id="product-quantity"
                label="Quantity"
                size="large"
                value={quantity}
                disabled={!inStock}
                {...(product.stock_left !== null && product.stock_left < MAX_QUANTITY
                  ? { max: Math.max(1, product.stock_left), tooMany: `Only ${product.stock_left} left` }
                  : {})}
                testId="product-quantity"
                onChange={setQuantity}
                onValidityChange={setQuantityValid}
              />
            </div>
            <Button
              variant="primary"
              size="large"
              icon={<ShoppingCartIcon />}
              disabled={!inStock || !quantityValid}
              data-testid="add-to-cart"
              onClick={() => addToCart(product, quantity)}
            >
              {inStock ? 'Add to cart' : 'Not available'}
            </Button>
          </div>

          {product.description && <p className="product-description">{product.description}</p>}
        </div>
      </div>
    </div>
  );
}
