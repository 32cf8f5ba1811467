import { describe, expect, it } from 'vitest';
import { auditFiltersToSearchParams, auditQuery, defaultAuditFilters, parseAuditFilters } from './audit-filters';

describe('the audit log filters in the URL', () => {
  it('when the URL has every filter, then they are read back and written out the same', () => {
    const url =
      'page=3&size=50&collection=products&operation=update&user=u-1&from=2026-11-01&to=2026-11-24&record=abc-1';

    const filters = parseAuditFilters(new URLSearchParams(url));

    expect(filters).toEqual({
      page: 3,
      size: 50,
      collection: 'products',
      operation: 'update',
      user: 'u-1',
      from: '2026-11-01',
      to: '2026-11-24',
      record: 'abc-1',
    });
    expect(auditFiltersToSearchParams(filters).toString()).toBe(url);
  });

  it('when the URL holds unknown or hostile values, then each falls back to its default', () => {
    const filters = parseAuditFilters(
      new URLSearchParams(
        'page=-1&size=7&collection=payments&operation=drop&user=../x&from=yesterday&to=2026-13-45&record=%25',
      ),
    );

    expect(filters).toEqual(defaultAuditFilters());
    expect(auditFiltersToSearchParams(filters).toString()).toBe('');
  });

  it('when asked for the server query, then the record filter is record_id and the export has no page', () => {
    const filters = { ...defaultAuditFilters(), page: 2, record: 'r1', collection: 'settings' as const };

    expect(auditQuery(filters, true)).toEqual({
      page: 2,
      limit: 20,
      collection: 'settings',
      operation: undefined,
      user: undefined,
      from: undefined,
      to: undefined,
      record_id: 'r1',
    });
    expect(auditQuery(filters, false)).not.toHaveProperty('page');
  });
});
