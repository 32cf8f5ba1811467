import type { PublicProduct } from '@shop/shared';
import { Skeleton } from 'antd';
import { ProductCard } from './ProductCard';
import './components.css';

interface Props {
  products: readonly PublicProduct[];
  loading?: boolean;
  /** How many skeleton cards stand in while the first products load. */
  placeholders?: number;
  cartView?: boolean;
}

export function ProductGrid({ products, loading = false, placeholders = 8, cartView }: Props) {
  return (
    <div className="product-grid" data-testid="product-grid" aria-busy={loading}>
      {products.map((product) => (
        <ProductCard key={product.id} product={product} cartView={cartView} />
      ))}
      {loading &&
        products.length === 0 &&
        Array.from({ length: placeholders }, (_, i) => (
          <div key={i} className="product-card product-card--skeleton" aria-hidden="true">
            <div className="product-card-media skeleton-block" />
            <div className="product-card-body">
              <Skeleton active title={{ width: '80%' }} paragraph={{ rows: 1, width: '40%' }} />
            </div>
          </div>
        ))}
    </div>
  );
}
