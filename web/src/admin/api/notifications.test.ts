import { describe, expect, it } from 'vitest';
import { contactsExportUrl } from './notifications';

describe('contactsExportUrl', () => {
  it('when the list is searched, filtered by two statuses and sorted oldest first on page 3, then the export names the same filter and no page', () => {
    const url = contactsExportUrl({ page: 3, limit: 50, search: '  rossi ', status: ['new', 'read'], order: 'ASC' });
    expect(decodeURIComponent(url)).toBe(
      '/api/v2/admin/contacts/export?search=rossi&status[0]=new&status[1]=read&sort[0]=created_at&sort[1]=ASC',
    );
  });

  it('when the list is unfiltered, then the export is every message, newest change first', () => {
    const url = contactsExportUrl({ page: 1, limit: 10, search: '', status: [], order: 'DESC' });
    expect(decodeURIComponent(url)).toBe('/api/v2/admin/contacts/export?sort[0]=created_at&sort[1]=DESC');
  });
});
