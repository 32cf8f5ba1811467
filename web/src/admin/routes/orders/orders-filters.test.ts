import { describe, expect, it } from 'vitest';
import { ordersListKey } from '../../api/orders';
import { defaultOrdersFilters, ordersFiltersToSearchParams, parseOrdersFilters, switchTab } from './orders-filters';

const parse = (query: string) => parseOrdersFilters(new URLSearchParams(query));

describe('parseOrdersFilters', () => {
  it('when the URL has no query, then the Open tab shows page 1 with 10 rows and no filter', () => {
    expect(parse('')).toEqual({
      tab: 'open',
      page: 1,
      size: 10,
      search: '',
      number: '',
      status: [],
      sort: null,
    });
  });

  it('when the URL holds every filter, then each one is read back', () => {
    expect(parse('tab=archive&page=3&size=20&search=rossi&number=AB12&status=CANCELLED&sort=desc')).toEqual({
      tab: 'archive',
      page: 3,
      size: 20,
      search: 'rossi',
      number: 'AB12',
      status: ['CANCELLED'],
      sort: 'DESC',
    });
  });

  it('when values are malformed or foreign to the tab, then they fall back to the defaults', () => {
    expect(parse('tab=other&page=-2&size=7&status=COMPLETED&status=NEW&status=NEW&status=x&sort=up')).toEqual({
      tab: 'open',
      page: 1,
      size: 10,
      search: '',
      number: '',
      status: ['NEW'],
      sort: null,
    });
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=1.5').page).toBe(1);
    expect(parse('page=9999999').page).toBe(1);
  });

  it('when a search is longer than the server accepts, then it is cut to 100 characters', () => {
    expect(parse(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
    expect(parse(`number=${'9'.repeat(50)}`).number).toHaveLength(40);
  });
});

describe('ordersFiltersToSearchParams', () => {
  it('when the filters are the defaults, then the query is empty', () => {
    expect(ordersFiltersToSearchParams(defaultOrdersFilters()).toString()).toBe('');
  });

  it('when filters are set, then they are written and read back unchanged', () => {
    const filters = {
      tab: 'open' as const,
      page: 2,
      size: 50,
      search: 'anna@example.com',
      number: '7Q2',
      status: ['NEW' as const, 'SHIPPED' as const],
      sort: 'ASC' as const,
    };
    const query = ordersFiltersToSearchParams(filters).toString();
    expect(query).toBe('page=2&size=50&search=anna%40example.com&number=7Q2&status=NEW&status=SHIPPED&sort=asc');
    expect(parse(query)).toEqual(filters);
  });
});

describe('channel (issue 32)', () => {
  it('when the Archive shows the market stall only, then the channel is written, read back and sent; a made-up one is dropped', () => {
    const filters = { ...defaultOrdersFilters('archive'), channel: 'market' as const };
    const query = ordersFiltersToSearchParams(filters).toString();
    expect(query).toBe('tab=archive&channel=market');
    expect(parse(query)).toEqual(filters);
    expect(ordersListKey(filters)).toBe('admin/orders/completed?page=1&limit=10&channel=market');
    expect(parse('tab=archive&channel=phone').channel).toBeUndefined();
  });
});

describe('switchTab', () => {
  it('when the tab changes, then page goes to 1, size to 10 and the status filter is dropped', () => {
    const before = { ...defaultOrdersFilters(), page: 4, size: 50, search: 'rossi', status: ['NEW' as const] };
    expect(switchTab(before, 'archive')).toEqual({
      tab: 'archive',
      page: 1,
      size: 10,
      search: 'rossi',
      number: '',
      status: [],
      sort: null,
    });
  });
});

describe('ordersListKey', () => {
  it('when nothing is filtered, then only page and limit are sent to the Open path', () => {
    expect(ordersListKey(defaultOrdersFilters())).toBe('admin/orders?page=1&limit=10');
  });

  it('when the Archive tab is filtered and sorted, then the query uses indexed status and sort lists', () => {
    const key = ordersListKey({
      tab: 'archive',
      page: 2,
      size: 20,
      search: ' rossi ',
      number: 'AB',
      status: ['COMPLETED', 'CANCELLED'],
      sort: 'DESC',
    });
    expect(key).toBe(
      'admin/orders/completed?page=2&limit=20&search=rossi&number=AB' +
        '&status[0]=COMPLETED&status[1]=CANCELLED&sort[0]=payer_full_name&sort[1]=DESC',
    );
  });
});
