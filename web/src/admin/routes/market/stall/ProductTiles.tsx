import { formatMoney, type MarketProduct } from '@shop/shared/admin';
import type { Basket } from './stall-logic';

interface ProductTilesProps {
  products: readonly MarketProduct[];
  /** Units left per product id after the phone's own sales and the basket; null: not counted. */
  left: ReadonlyMap<string, number | null>;
  basket: Basket;
  onAdd: (productId: string) => void;
  disabled: boolean;
}

function leftText(units: number | null): string {
  if (units === null) return 'Not counted';
  return units === 0 ? 'None left' : `${units} left`;
}

/** One big button per product: a tap puts one unit in the basket (even with none left: the goods are there). */
export function ProductTiles({ products, left, basket, onAdd, disabled }: ProductTilesProps) {
  if (products.length === 0) return <p className="stall-empty">No published products to sell.</p>;
  return (
    <ul className="stall-tiles">
      {products.map((product) => {
        const units = left.get(product.id) ?? null;
        const inBasket = basket.find((line) => line.product_id === product.id)?.quantity ?? 0;
        const price = formatMoney(product.price);
        return (
          <li key={product.id}>
            {/* The tile's name is its visible text (WCAG 2.5.3), with "Add" and the separators for a screen reader. */}
            <button
              type="button"
              className="stall-tile"
              data-product-id={product.id}
              disabled={disabled}
              onClick={() => onAdd(product.id)}
            >
              <span className="stall-tile-picture" aria-hidden="true">
                {product.img_url ? <img src={product.img_url} alt="" loading="lazy" decoding="async" /> : null}
              </span>
              <span className="visually-hidden">Add </span>
              <span className="stall-tile-name">{product.name}</span>
              <span className="visually-hidden">, </span>
              <span className="stall-tile-price">{price}</span>
              <span className="visually-hidden">, </span>
              <span className={`stall-tile-left${units === 0 ? ' is-out' : ''}`} data-testid="tile-left">
                {leftText(units)}
              </span>
              {inBasket > 0 ? (
                <span className="stall-tile-count">
                  <span className="visually-hidden">, in the sale: </span>
                  {inBasket}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
