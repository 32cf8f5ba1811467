import { categoryHead } from '@shop/shared';
import { Navigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/ButtonLink';
import { PageLoader } from '../../components/PageLoader';
import { isApiError } from '../../lib/api';
import { useCategory } from '../api/categories';
import { AssetImage } from '../components/AssetImage';
import { ProductGrid } from '../components/ProductGrid';
import { usePageHead, useSiteUrls } from '../lib/use-document-meta';
import { Breadcrumb } from '../ui/Breadcrumb';
import { EmptyState } from '../ui/EmptyState';
import { ArrowLeftIcon } from '../ui/icons';
import './category.css';

/** The shop narrowed to one category (SPEC §2 "Shop with a category id"). */
export default function Category() {
  const { id } = useParams<{ id: string }>();
  const { data: category, error, isLoading } = useCategory(id);
  const urls = useSiteUrls();
  usePageHead(category ? categoryHead(category, urls) : null);

  // An unknown or malformed id is a missing page, not an outage.
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return <Navigate to="/site/404" replace />;
  if (isLoading || (!category && !error)) return <PageLoader />;
  if (!category) {
    return (
      <div className="page">
        <EmptyState description="This category could not be loaded. Please try again in a moment." />
      </div>
    );
  }

  return (
    <div className="page category-page">
      <Breadcrumb
        className="crumbs"
        items={[{ label: 'Home', to: '/site' }, { label: 'Shop', to: '/site/shop' }, { label: category.name }]}
      />
      <header className="category-hero">
        <div className="category-hero-media">
          <AssetImage
            id={category.img?.id ?? category.img_id}
            alt=""
            size="preview"
            className="category-hero-img"
            width={720}
            height={480}
            eager
          />
        </div>
        <div className="category-hero-head">
          <span className="eyebrow">Category</span>
          <h1 className="page-title category-title" data-testid="category-name">
            {category.name}
          </h1>
        </div>
        {category.description && <p className="category-description">{category.description}</p>}
        <span className="category-count">
          {category.products.length} {category.products.length === 1 ? 'product' : 'products'}
        </span>
      </header>

      {/* The cards' names are h3s: this keeps the outline h1 → h2 → h3 for screen readers. */}
      <h2 className="visually-hidden">Products in {category.name}</h2>
      {category.products.length === 0 ? (
        <EmptyState className="shop-empty" description="No products in this category right now." />
      ) : (
        <ProductGrid products={category.products} categoryId={category.id} eager={2} />
      )}

      <div className="category-back">
        <ButtonLink to="/site/shop" icon={<ArrowLeftIcon />}>
          Back to the shop
        </ButtonLink>
      </div>
    </div>
  );
}
