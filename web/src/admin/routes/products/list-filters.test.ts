import { describe, expect, it } from 'vitest';
import { categoriesListKey } from '../../api/categories';
import { productsListKey } from '../../api/products';
import {
  categoriesFiltersToSearchParams,
  defaultProductsFilters,
  isCatalogStep,
  parseCategoriesFilters,
  parseProductsFilters,
  productsFiltersToSearchParams,
  sortFromTable,
  sortOrderOf,
} from './list-filters';

const parse = (query: string) => parseProductsFilters(new URLSearchParams(query));

describe('isCatalogStep', () => {
  it('when the step is product or category, then it is a tab, and anything else is not', () => {
    expect(isCatalogStep('product')).toBe(true);
    expect(isCatalogStep('category')).toBe(true);
    expect(isCatalogStep('products')).toBe(false);
    expect(isCatalogStep('')).toBe(false);
    expect(isCatalogStep(undefined)).toBe(false);
  });
});

describe('parseProductsFilters', () => {
  it('when the URL has no query, then page 1 shows 10 rows with no filter or sort', () => {
    expect(parse('')).toEqual({ page: 1, size: 10, search: '', inventory: null, sort: null });
  });

  it('when the URL holds every filter, then each one is read back', () => {
    expect(parse('page=3&size=20&search=oil&inventory=out&sort=price&order=desc')).toEqual({
      page: 3,
      size: 20,
      search: 'oil',
      inventory: 'out',
      sort: { column: 'price', direction: 'DESC' },
    });
  });

  it('when a sort column comes without an order, then it sorts ascending', () => {
    expect(parse('sort=name').sort).toEqual({ column: 'name', direction: 'ASC' });
  });

  it('when the URL holds values the server would refuse, then the defaults stand in', () => {
    expect(parse('page=0&size=7&inventory=maybe&sort=stars&order=desc')).toEqual({
      page: 1,
      size: 10,
      search: '',
      inventory: null,
      sort: null,
    });
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=1e3').page).toBe(1);
    expect(parse('page=9999999').page).toBe(1);
  });

  it('when the search is longer than 100 characters, then only the first 100 are kept', () => {
    expect(parse(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
  });
});

describe('productsFiltersToSearchParams', () => {
  it('when nothing differs from the defaults, then the query is empty', () => {
    expect(productsFiltersToSearchParams(defaultProductsFilters()).toString()).toBe('');
  });

  it('when every filter is set, then it survives the round trip through the URL', () => {
    const filters = {
      page: 2,
      size: 50,
      search: 'balsamic vinegar',
      inventory: 'in' as const,
      sort: { column: 'updated_at' as const, direction: 'DESC' as const },
    };
    const query = productsFiltersToSearchParams(filters).toString();
    expect(query).toBe('page=2&size=50&search=balsamic+vinegar&inventory=in&sort=updated_at&order=desc');
    expect(parse(query)).toEqual(filters);
  });
});

describe('productsListKey', () => {
  it('when the list is filtered and sorted, then the server gets inventory=true and the sort pair', () => {
    expect(
      productsListKey({
        page: 2,
        size: 20,
        search: ' oil ',
        inventory: 'in',
        sort: { column: 'price', direction: 'DESC' },
      }),
    ).toBe('admin/products?page=2&limit=20&search=oil&inventory=true&sort[0]=price&sort[1]=DESC');
  });

  it('when only out-of-stock products are asked for, then inventory=false is sent and empty fields are not', () => {
    expect(productsListKey({ page: 1, size: 10, search: '', inventory: 'out', sort: null })).toBe(
      'admin/products?page=1&limit=10&inventory=false',
    );
  });
});

describe('table sort', () => {
  it('when the URL sorts by price descending, then only the price column shows a descending sort', () => {
    const sort = { column: 'price' as const, direction: 'DESC' as const };
    expect(sortOrderOf(sort, 'price')).toBe('descend');
    expect(sortOrderOf(sort, 'name')).toBeNull();
    expect(sortOrderOf(null, 'price')).toBeNull();
  });

  it('when antd reports a sorter, then a sortable column becomes the filter sort and a cleared one none', () => {
    expect(sortFromTable('name', 'ascend')).toEqual({ column: 'name', direction: 'ASC' });
    expect(sortFromTable('updated_at', 'descend')).toEqual({ column: 'updated_at', direction: 'DESC' });
    expect(sortFromTable('price', undefined)).toBeNull();
    expect(sortFromTable('stock', 'ascend')).toBeNull();
  });
});

describe('categories filters', () => {
  it('when the categories URL holds page, size and search, then they round-trip and reach the key', () => {
    const filters = parseCategoriesFilters(new URLSearchParams('page=4&size=100&search=pasta'));
    expect(filters).toEqual({ page: 4, size: 100, search: 'pasta' });
    expect(categoriesFiltersToSearchParams(filters).toString()).toBe('page=4&size=100&search=pasta');
    expect(categoriesListKey(filters)).toBe('admin/categories?page=4&limit=100&search=pasta');
  });

  it('when the categories URL is empty or malformed, then page 1 with 10 rows is shown', () => {
    expect(parseCategoriesFilters(new URLSearchParams('page=abc&size=11'))).toEqual({ page: 1, size: 10, search: '' });
  });
});
