import { describe, expect, it } from 'vitest';
import { notificationsKey, type NotificationsFilter } from '../../api/notifications';
import {
  applySearch,
  applyTableChange,
  DEFAULT_NOTIFICATIONS_FILTER,
  filterFromSearchParams,
  filterToSearchParams,
} from './list-filter';

const filter = (overrides: Partial<NotificationsFilter> = {}): NotificationsFilter => ({
  page: 3,
  limit: 20,
  search: 'rossi',
  status: ['new'],
  order: 'DESC',
  ...overrides,
});

describe('filterFromSearchParams', () => {
  it('when the URL has no parameters, then the filter is page 1 of 10, every status, newest first', () => {
    expect(filterFromSearchParams(new URLSearchParams(''))).toEqual({
      page: 1,
      limit: 10,
      search: '',
      status: [],
      order: 'DESC',
    });
  });

  it('when the URL holds every choice, then each is read back', () => {
    const params = new URLSearchParams('page=4&limit=50&search=%20maria%20&status=read&status=new&order=asc');
    expect(filterFromSearchParams(params)).toEqual({
      page: 4,
      limit: 50,
      search: 'maria',
      status: ['new', 'read'],
      order: 'ASC',
    });
  });

  it('when the URL holds values the server would refuse, then each falls back to its default', () => {
    const params = new URLSearchParams('page=0&limit=7&status=spam&status=new&status=new&order=sideways');
    expect(filterFromSearchParams(params)).toEqual({
      page: 1,
      limit: 10,
      search: '',
      status: ['new'],
      order: 'DESC',
    });
    expect(filterFromSearchParams(new URLSearchParams('page=-2&limit=abc'))).toMatchObject({ page: 1, limit: 10 });
  });
});

describe('filterToSearchParams', () => {
  it('when the filter is the default, then the URL stays plain', () => {
    expect(filterToSearchParams(DEFAULT_NOTIFICATIONS_FILTER).toString()).toBe('');
  });

  it('when the filter has choices, then they are written and read back unchanged', () => {
    const chosen = filter({ status: ['new', 'resolved'], order: 'ASC' });
    const params = filterToSearchParams(chosen);
    expect(params.toString()).toBe('page=3&limit=20&search=rossi&status=new&status=resolved&order=asc');
    expect(filterFromSearchParams(params)).toEqual(chosen);
  });
});

describe('notificationsKey', () => {
  it('when statuses are chosen, then they and the sort go out as indexed lists', () => {
    expect(notificationsKey(filter({ status: ['new', 'read'] }))).toBe(
      'notifications?page=3&limit=20&search=rossi&status[0]=new&status[1]=read&sort[0]=created_at&sort[1]=DESC',
    );
  });

  it('when search and status are empty, then they are left out', () => {
    expect(notificationsKey(DEFAULT_NOTIFICATIONS_FILTER)).toBe(
      'notifications?page=1&limit=10&sort[0]=created_at&sort[1]=DESC',
    );
  });
});

describe('applyTableChange', () => {
  it('when only the page changes, then the other choices stay', () => {
    expect(applyTableChange(filter(), { current: 5, pageSize: 20, status: ['new'], sortOrder: 'descend' })).toEqual(
      filter({ page: 5 }),
    );
  });

  it('when the status filter changes, then the list starts again at page 1', () => {
    expect(
      applyTableChange(filter(), { current: 3, pageSize: 20, status: ['read', 'new'], sortOrder: 'descend' }),
    ).toEqual(filter({ page: 1, status: ['new', 'read'] }));
  });

  it('when the status filter is cleared, then every status shows from page 1', () => {
    expect(applyTableChange(filter(), { current: 3, pageSize: 20, status: null, sortOrder: 'descend' })).toEqual(
      filter({ page: 1, status: [] }),
    );
  });

  it('when the sort flips to ascending, then the list starts again at page 1', () => {
    expect(applyTableChange(filter(), { current: 3, pageSize: 20, status: ['new'], sortOrder: 'ascend' })).toEqual(
      filter({ page: 1, order: 'ASC' }),
    );
  });

  it('when the sort would turn off, then the previous direction stays', () => {
    expect(
      applyTableChange(filter({ order: 'ASC' }), { current: 3, pageSize: 20, status: ['new'], sortOrder: null }),
    ).toEqual(filter({ order: 'ASC' }));
  });

  it('when the page size changes, then the list starts again at page 1 with the new size', () => {
    expect(applyTableChange(filter(), { current: 3, pageSize: 50, status: ['new'], sortOrder: 'descend' })).toEqual(
      filter({ page: 1, limit: 50 }),
    );
  });

  it('when the status filter holds an unknown value, then it is dropped', () => {
    expect(
      applyTableChange(filter(), { current: 3, pageSize: 20, status: ['new', 'spam'], sortOrder: 'descend' }),
    ).toEqual(filter());
  });
});

describe('applySearch', () => {
  it('when a search is made, then it is trimmed and the list starts again at page 1', () => {
    expect(applySearch(filter(), '  bianchi ')).toEqual(filter({ page: 1, search: 'bianchi' }));
  });
});
