import type { PublicCategory } from '@shop/shared';
import { Link } from 'react-router-dom';
import { AssetImage } from './AssetImage';
import './components.css';

export function CategoryGrid({ categories }: { categories: readonly PublicCategory[] }) {
  return (
    <div className="category-grid" data-testid="category-grid">
      {categories.map((category) => (
        <Link
          key={category.id}
          to={`/site/category/${encodeURIComponent(category.id)}`}
          className="category-card"
          data-testid="category-card"
        >
          <span className="category-card-media">
            {/* The full picture: the server's "card" size is a square crop, which cuts the lettering of a 3:2 image. */}
            <AssetImage id={category.img?.id ?? category.img_id} alt="" size="full" className="category-card-img" />
          </span>
          <span className="category-card-text">
            <span className="category-card-name">{category.name}</span>
            <span className="category-card-count">
              {category.products} {category.products === 1 ? 'product' : 'products'}
            </span>
          </span>
        </Link>
      ))}
    </div>
  );
}
