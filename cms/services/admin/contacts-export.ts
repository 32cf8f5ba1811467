import type { Payload } from 'payload';
import type { RecordStatus } from '@shop/shared/admin';
import { str, type Doc } from '../mappers';
import { csvResponse, datedFilename, pagesOf, type CsvColumn } from './csv-stream';
import { allOf } from './admin-queries';
import { notificationsSort, type NotificationsFilter } from './notifications';
import type { AdminUser } from './sales';
import { wordsInAnyField } from './search';

const COLUMNS: readonly CsvColumn<Doc>[] = [
  { header: 'Received (UTC)', value: (d) => utcDateTime(str(d.createdAt)) },
  { header: 'First name', value: (d) => str(d.firstname) },
  { header: 'Last name', value: (d) => str(d.lastname) },
  { header: 'Email', value: (d) => str(d.email) },
  { header: 'Telephone', value: (d) => str(d.telephone) },
  { header: 'Type', value: (d) => str(d.type) },
  { header: 'Status', value: (d) => str(d.status) as RecordStatus },
  { header: 'Subject', value: (d) => str(d.title) },
  { header: 'Message', value: (d) => str(d.message) },
];

function utcDateTime(iso: string): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '';
}

/**
 * The contact messages as the notifications list filters them (status, name or email search, sort by arrival
 * or last change), as a CSV download streamed page by page.
 */
export async function exportContactsCsv(
  payload: Payload,
  user: AdminUser,
  filter: Omit<NotificationsFilter, 'page' | 'limit'>,
): Promise<Response> {
  const where = allOf([
    filter.status?.length ? { status: { in: [...filter.status] } } : undefined,
    await wordsInAnyField(payload, 'notifications', filter.search, ['firstname', 'lastname', 'email']),
  ]);
  const sort = notificationsSort(filter.sort);
  return csvResponse(
    datedFilename('contacts'),
    COLUMNS,
    pagesOf(payload, user, { collection: 'notifications', where, sort }),
    (err) => payload.logger.error({ err, msg: 'contacts export failed mid-stream' }),
  );
}
