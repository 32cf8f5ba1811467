import type { PublicCategory } from '@shop/shared';
import { Link } from 'react-router-dom';
import { AssetImage } from './AssetImage';
import './components.css';

/**
 * `eager`: how many of the first pictures are on screen when the page opens (the largest paint of the shop's
 * first screen): those load at once, the rest only as they scroll into view.
 */
export function CategoryGrid({ categories, eager = 0 }: { categories: readonly PublicCategory[]; eager?: number }) {
  return (
    <div className="category-grid" data-testid="category-grid">
      {categories.map((category, index) => (
        <Link
          key={category.id}
          to={`/site/category/${encodeURIComponent(category.id)}`}
          className="category-card"
          data-testid="category-card"
        >
          <span className="category-card-media">
            {/* Uncropped: the server's "card" size is a square crop, which cuts the lettering of a 3:2 image. */}
            <AssetImage
              id={category.img?.id ?? category.img_id}
              alt=""
              size="preview"
              width={720}
              height={480}
              className="category-card-img"
              eager={index < eager}
            />
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
