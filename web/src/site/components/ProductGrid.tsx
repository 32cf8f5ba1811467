import type { PublicProduct } from '@shop/shared';
import { Skeleton } from '../ui/Skeleton';
import { ProductCard } from './ProductCard';
import './components.css';

interface Props {
  products: readonly PublicProduct[];
  loading?: boolean;
  /** How many skeleton cards stand in while the first products load. */
  placeholders?: number;
  /** The category page that shows the grid, so cards name that category (see ProductCard). */
  categoryId?: string;
  /** How many of the first cards are on the first screen (the grid opens the page): their pictures load at once. */
  eager?: number;
}

export function ProductGrid({ products, loading = false, placeholders = 8, categoryId, eager = 0 }: Props) {
  return (
    <div className="product-grid" data-testid="product-grid" aria-busy={loading}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} categoryId={categoryId} eager={index < eager} />
      ))}
      {loading &&
        products.length === 0 &&
        Array.from({ length: placeholders }, (_, i) => (
          <div key={i} className="product-card product-card--skeleton" aria-hidden="true">
            <div className="product-card-media skeleton-block" />
            <div className="product-card-body">
              <Skeleton rows={1} titleWidth="80%" lastRowWidth="40%" />
            </div>
          </div>
        ))}
    </div>
  );
}
