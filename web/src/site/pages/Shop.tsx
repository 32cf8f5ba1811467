import { shopCanonicalPath, STATIC_PAGE_META } from '@shop/shared';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isNearBottom } from '../../lib/scroll';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useCategories } from '../api/categories';
import { searchFromParams } from '../api/keys';
import { hasMorePages, pageFromParam, shouldSuggest, useProducts, useSuggestions } from '../api/products';
import { CategoryGrid } from '../components/CategoryGrid';
import { ProductGrid } from '../components/ProductGrid';
import { useDocumentMeta } from '../lib/use-document-meta';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { SearchCombobox } from '../ui/SearchCombobox';
import { Spinner } from '../ui/Spinner';
import './shop.css';

/** SPEC §9: the next page loads when the viewport bottom is within 200 px of the page bottom. */
const LOAD_MORE_THRESHOLD = 200;

interface SearchBoxProps {
  /** What the box shows; the page owns it so that "Show all products" can empty the box too. */
  text: string;
  onTextChange: (text: string) => void;
  onSearch: (value: string) => void;
  onClear: () => void;
}

function SearchBox({ text, onTextChange: setText, onSearch, onClear }: SearchBoxProps) {
  const typed = useDebouncedValue(text, 200);
  const { data: suggestions } = useSuggestions(typed);
  const navigate = useNavigate();

  // Whole names, once each (twins like "Aceto Balsamico Tradizionale DOP 12 Years" and its 25-year
  // sibling differ only at the end, so nothing is cut); a name two products share opens the better match.
  const options = useMemo(() => {
    if (!shouldSuggest(text)) return [];
    const seen = new Set<string>();
    return (suggestions ?? []).filter((s) => !seen.has(s.name) && seen.add(s.name));
  }, [suggestions, text]);
  const names = useMemo(() => options.map((s) => s.name), [options]);

  return (
    <SearchCombobox
      className="shop-search"
      value={text}
      suggestions={names}
      // A suggestion is a product: picking it opens that product (issue 23), rather than searching its name.
      onPick={(index) => {
        const picked = options[index];
        if (picked) void navigate(`/site/shop/${encodeURIComponent(picked.id)}`);
      }}
      label="Search products"
      action="/site/shop"
      name="search"
      placeholder="Search products…"
      data-testid="shop-search"
      buttonTestId="shop-search-button"
      onChange={(value) => {
        // SPEC §5: the search text is left-trimmed; emptying the box clears the search.
        const next = value.trimStart();
        setText(next);
        if (next === '') onClear();
      }}
      onSearch={onSearch}
    />
  );
}

export default function Shop() {
  // The search lives in the URL (`/site/shop?search=olive`, issue 23), so Back, a reload and a shared link
  // bring it back; the box follows the URL whenever it changes (Back and Forward included).
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const [text, setText] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setText(search);
  }
  // A new search is a step Back can undo; clearing replaces the step, so Back does not bring the cleared text back.
  const setSearch = (value: string, replace = false) => {
    if (value === search) return;
    setParams(value === '' ? {} : { search: value }, { replace });
  };
  /** The address of another page of the same list (the links a shopper without JavaScript follows). */
  const pageHref = (page: number) => {
    const query = new URLSearchParams(search ? { search } : {});
    if (page > 1) query.set('page', String(page));
    const text = query.toString();
    return text ? `/site/shop?${text}` : '/site/shop';
  };
  const firstPage = pageFromParam(params.get('page'));
  const { products, count, pagesLoaded, size, setSize, isLoading, data } = useProducts(search, firstPage);
  // Pages before the first one shown count as loaded: "more" means beyond the last page on screen.
  const pagesThrough = firstPage - 1 + pagesLoaded;
  const { data: categories } = useCategories();
  const searching = search !== '';
  useDocumentMeta(
    { ...STATIC_PAGE_META.shop, title: searching ? `Shop: “${search}”` : STATIC_PAGE_META.shop.title },
    // The page the shopper came in on: scrolling on loads more below it, and the address stays.
    { path: shopCanonicalPath(search, firstPage) },
  );

  const showAll = () => {
    setText('');
    setSearch('', true);
  };

  // The first page's key changes with the search, and SWR then starts again from page 1 (SPEC §5).
  const applySearch = (value: string) => setSearch(value.trim());

  const loadingMore = isLoading || (size > 0 && data !== undefined && data[size - 1] === undefined);
  const canLoadMore = !loadingMore && pagesLoaded === size && hasMorePages(count, pagesThrough);

  useEffect(() => {
    if (!canLoadMore) return;
    const check = () => {
      const metrics = {
        scrollY: window.scrollY,
        viewportHeight: window.innerHeight,
        pageHeight: document.documentElement.scrollHeight,
      };
      if (isNearBottom(metrics, LOAD_MORE_THRESHOLD)) void setSize((current) => current + 1);
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check, { passive: true });
    // A short page never scrolls: check once right away too.
    check();
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [canLoadMore, setSize]);

  const nothingFound = !isLoading && products.length === 0;

  return (
    <div className="page shop">
      <header className="shop-header">
        <div>
          <span className="eyebrow">The pantry</span>
          <h1 className="page-title">Shop</h1>
          <p className="page-lead">
            Everything we make and bottle ourselves, ready to travel from our kitchen to yours.
          </p>
        </div>
        <SearchBox text={text} onTextChange={setText} onSearch={applySearch} onClear={() => setSearch('', true)} />
      </header>

      {!searching && (categories === undefined || categories.length > 0) && (
        <section className="shop-section">
          <h2 className="section-title">Browse by category</h2>
          {/* While the categories load their row's height is kept, so the products below do not jump. */}
          {categories ? (
            <CategoryGrid categories={categories} eager={2} />
          ) : (
            <div className="category-grid-loading skeleton-block" aria-hidden="true" />
          )}
        </section>
      )}

      <section className="shop-section">
        <div className="shop-results-head">
          <h2 className="section-title">{searching ? `Results for “${search}”` : 'All products'}</h2>
          {!isLoading && (
            <span className="shop-count" data-testid="product-count">
              {count} {count === 1 ? 'product' : 'products'}
            </span>
          )}
        </div>

        {/* Above the list, where a shopper who came in on a later page looks for it, and where it stays put:
            below the list, every page that loads by itself (and the spinner before it) pushed it further down,
            away from a pointer already on its way. */}
        {!isLoading && firstPage > 1 && (
          <nav className="shop-pages shop-pages-earlier" aria-label="Earlier pages" data-testid="shop-earlier-pages">
            <Link to={pageHref(firstPage - 1)} rel="prev" data-testid="shop-previous-page">
              ← Previous page
            </Link>
          </nav>
        )}

        {nothingFound ? (
          <EmptyState
            className="shop-empty"
            data-testid="shop-empty"
            description={
              searching
                ? `We found nothing for “${search}”. Try another word, like “oil” or “pasta”.`
                : 'No products found.'
            }
          >
            {searching && (
              <Button onClick={showAll} data-testid="shop-show-all">
                Show all products
              </Button>
            )}
          </EmptyState>
        ) : (
          <ProductGrid products={products} loading={isLoading} eager={2} />
        )}

        {loadingMore && !isLoading && (
          <div className="shop-more">
            <Spinner label="Loading more products" />
          </div>
        )}
        {!nothingFound && !loadingMore && !hasMorePages(count, pagesThrough) && pagesThrough > 1 && (
          <p className="shop-end">That's the whole pantry. Grazie for looking!</p>
        )}
        {/* Scrolling loads the next page by itself; this link is the way on without JavaScript. */}
        {!isLoading && hasMorePages(count, pagesThrough) && (
          <nav className="shop-pages" aria-label="Later pages" data-testid="shop-pages">
            <Link to={pageHref(pagesThrough + 1)} rel="next" data-testid="shop-next-page">
              Next page →
            </Link>
          </nav>
        )}
      </section>
    </div>
  );
}
