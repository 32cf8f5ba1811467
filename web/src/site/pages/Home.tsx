import {
  discountedUnitPrice,
  formatMoney,
  hasEffectiveDiscount,
  HOME_NOTICE_PARAM,
  homeHead,
  MESSAGES,
  ORDER_NOT_FOUND_NOTICE,
  type PublicProduct,
} from '@shop/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useShopState } from '../../app/shop-state';
import { ButtonLink } from '../../components/ButtonLink';
import { staticAssetUrl } from '../../lib/api';
import { ALL_CATEGORIES, useTopCategories, useTopProducts } from '../api/categories';
import { useLastDiscountProduct, useLastNewProduct } from '../api/products';
import { useLatestRecipes } from '../api/recipes';
import { AssetImage } from '../components/AssetImage';
import { discountLabel } from '../components/Price';
import { ProductGrid } from '../components/ProductGrid';
import { RecipeTeaser } from '../components/RecipeTeaser';
import { usePageHead, useSiteUrls } from '../lib/use-document-meta';
import { EmptyState } from '../ui/EmptyState';
import { Notice } from '../ui/Notice';
import { ArrowRightIcon, ShoppingIcon } from '../ui/icons';
import { Skeleton } from '../ui/Skeleton';
import { Tabs } from '../ui/Tabs';
import './home.css';

const productHref = (id: string) => `/site/shop/${encodeURIComponent(id)}`;

function Hero({ newest }: { newest: PublicProduct | null | undefined }) {
  return (
    <section className="hero">
      <div className="hero-inner">
        <div className="hero-copy">
          <span className="eyebrow">From our family table to yours</span>
          <h1 className="hero-title">Real Italian flavour, made the slow way</h1>
          <p className="hero-lead">
            Cold-pressed olive oil, balsamic vinegar aged in wooden barrels, bruschetta spreads and bronze-cut pasta.
            The same things we bring to the farmers' market every weekend, now shipped to your door.
          </p>
          <div className="hero-buttons">
            <ButtonLink to="/site/shop" variant="primary" size="large" icon={<ShoppingIcon />}>
              Shop the pantry
            </ButtonLink>
            <ButtonLink to="/site/recipes" size="large">
              Find a recipe
            </ButtonLink>
          </div>
        </div>
        <NewestHighlight product={newest} />
      </div>
    </section>
  );
}

/** SPEC §2: the newest product, with its image and a shop-now button. */
function NewestHighlight({ product }: { product: PublicProduct | null | undefined }) {
  if (product === undefined) return <div className="newest newest--loading skeleton-block" aria-hidden="true" />;
  if (product === null) return null;
  return (
    <div className="newest" data-testid="newest-highlight">
      <Link to={productHref(product.id)} className="newest-media" tabIndex={-1} aria-hidden="true">
        <AssetImage id={product.img?.id ?? product.img_id} alt="" size="full" className="newest-img" eager />
      </Link>
      <div className="newest-body">
        <span className="eyebrow">Just arrived</span>
        <h2 className="newest-name">{product.name}</h2>
        <ButtonLink
          to={productHref(product.id)}
          variant="primary"
          icon={<ArrowRightIcon />}
          iconPlacement="end"
          data-testid="newest-shop-now"
        >
          Shop now
        </ButtonLink>
      </div>
    </div>
  );
}

/** The weekly-schedule picture is drawn 1400×500 (cms seed); its size is reserved before it loads. */
const WEEKLY_PLAN_WIDTH = 1400;
const WEEKLY_PLAN_HEIGHT = 500;

function WeeklyPlan() {
  const src = staticAssetUrl('weekly-schedule.webp');
  return (
    <section className="section weekly" data-testid="weekly-banner">
      <div className="section-head">
        <div>
          <span className="eyebrow">Come and say ciao</span>
          <h2 className="section-title">Our week at the markets</h2>
        </div>
      </div>
      {/* Always whole, never scrolled sideways: on a phone its small lettering is one tap away at full size,
          where the phone's own zoom works. */}
      <a className="weekly-frame" href={src} target="_blank" rel="noopener" data-testid="weekly-open">
        <img
          className="weekly-img"
          src={src}
          width={WEEKLY_PLAN_WIDTH}
          height={WEEKLY_PLAN_HEIGHT}
          alt="This week's plan: the farmers' markets and days where you can find the Bottega di Famiglia stall"
          loading="lazy"
          decoding="async"
        />
      </a>
      <a className="weekly-hint" href={src} target="_blank" rel="noopener">
        Open the plan full size
      </a>
    </section>
  );
}

/** SPEC §2: shown only when the latest discounted product really has a discount amount. */
function DiscountHighlight({ product }: { product: PublicProduct | null | undefined }) {
  const { currency } = useShopState();
  // Its place is kept while it loads: most days there is an offer, and it would otherwise push the page down.
  if (product === undefined) return <div className="section discount discount--loading" aria-hidden="true" />;
  if (!product || !(product.discount_amount > 0)) return null;
  return (
    <section className="section discount" data-testid="discount-highlight">
      <div className="discount-media">
        <AssetImage
          id={product.img?.id ?? product.img_id}
          alt={product.name}
          size="card"
          className="discount-img"
          eager
        />
      </div>
      <div className="discount-body">
        <span className="discount-eyebrow">Special offer · {discountLabel(product, currency)}</span>
        <h2 className="discount-name">{product.name}</h2>
        <p className="discount-price">
          <span>Now only</span>
          <strong data-testid="discount-price">{formatMoney(discountedUnitPrice(product), currency)}</strong>
          {hasEffectiveDiscount(product) && <s>{formatMoney(product.price, currency)}</s>}
        </p>
        <ButtonLink
          to={productHref(product.id)}
          size="large"
          className="discount-button"
          icon={<ArrowRightIcon />}
          iconPlacement="end"
          data-testid="discount-shop-now"
        >
          Shop now
        </ButtonLink>
      </div>
    </section>
  );
}

function FeaturedProducts() {
  const [active, setActive] = useState<string>(ALL_CATEGORIES);
  const { data: categories } = useTopCategories();
  const { data: products, isLoading } = useTopProducts(active);
  const items = [
    { key: ALL_CATEGORIES, label: 'All' },
    ...(categories ?? []).map((category) => ({ key: category.id, label: category.name })),
  ];
  return (
    <section className="section featured" data-testid="featured-products">
      <div className="section-head">
        <div>
          <span className="eyebrow">Family favourites</span>
          <h2 className="section-title">Featured products</h2>
        </div>
        <Link to="/site/shop" className="section-link">
          See the whole shop <ArrowRightIcon />
        </Link>
      </div>
      <Tabs
        activeKey={active}
        onChange={setActive}
        items={items}
        className="featured-tabs"
        aria-label="Featured products by category"
        data-testid="featured-tabs"
      >
        {!isLoading && products && products.length === 0 ? (
          <EmptyState description="No featured products in this category yet" />
        ) : (
          <ProductGrid products={products ?? []} loading={isLoading} placeholders={4} />
        )}
      </Tabs>
    </section>
  );
}

function LatestRecipes() {
  const { data: recipes, isLoading } = useLatestRecipes();
  if (!isLoading && (!recipes || recipes.length === 0)) return null;
  return (
    <section className="section" data-testid="latest-recipes">
      <div className="section-head">
        <div>
          <span className="eyebrow">From nonna's notebook</span>
          <h2 className="section-title">Latest recipes</h2>
        </div>
        <Link to="/site/recipes" className="section-link">
          All recipes <ArrowRightIcon />
        </Link>
      </div>
      {isLoading ? (
        <Skeleton rows={4} className="recipe-teasers-loading" />
      ) : (
        <div className="recipe-teasers">
          {recipes?.map((recipe) => (
            <RecipeTeaser key={recipe.id} recipe={recipe} />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * Why the shopper is on the home page instead of an order's (SPEC §8 sends a missing order home): the
 * tracking message, and the way to look the order up by its number.
 */
function OrderNotFoundNotice() {
  return (
    <div className="page home-notice">
      <Notice
        tone="warning"
        title={MESSAGES.orderNotFound.title}
        description={
          <>
            We could not find an order at that link. {MESSAGES.orderNotFound.description}{' '}
            <Link to="/site/tracking">Track your order</Link> with the number from your confirmation email.
          </>
        }
        data-testid="home-order-not-found"
      />
    </div>
  );
}

export default function Home() {
  const { data: newest } = useLastNewProduct();
  const { data: discounted } = useLastDiscountProduct();
  const [params] = useSearchParams();
  usePageHead(homeHead(useSiteUrls()));
  return (
    <>
      {params.get(HOME_NOTICE_PARAM) === ORDER_NOT_FOUND_NOTICE && <OrderNotFoundNotice />}
      <Hero newest={newest} />
      <div className="page home">
        <DiscountHighlight product={discounted} />
        <FeaturedProducts />
        <WeeklyPlan />
        <LatestRecipes />
      </div>
    </>
  );
}
