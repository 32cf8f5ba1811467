import {
  orderPaperFileName,
  type OrderPaperKind,
  type PaperworkSelection,
  type SelectionPaperKind,
} from '@shop/shared/admin';
import { apiUrl } from '../../lib/api';

/** A paper as the server sent it, or the HTTP status it failed with (a network failure reads as 500). */
export type PaperDownload = { ok: true; blob: Blob; filename: string } | { ok: false; status: number };

/** The name from `attachment; filename="…"`: the server's, which knows the order number and the day. */
function filenameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

async function fetchPaper(path: string, init: RequestInit, fallbackName: string): Promise<PaperDownload> {
  try {
    const response = await fetch(apiUrl + path, { ...init, credentials: 'include', cache: 'no-store' });
    if (!response.ok) return { ok: false, status: response.status };
    return { ok: true, blob: await response.blob(), filename: filenameOf(response, fallbackName) };
  } catch {
    return { ok: false, status: 500 };
  }
}

/** GET admin/orders/{id}/packing-slip.pdf or …/invoice.pdf. */
export const fetchOrderPaper = (order: { id: string; number: string }, kind: OrderPaperKind) =>
  fetchPaper(
    `admin/orders/${encodeURIComponent(order.id)}/${kind}.pdf`,
    { headers: { Accept: 'application/pdf' } },
    orderPaperFileName(kind, order.number, order.id),
  );

/** POST admin/orders/packing-slips.pdf or pick-list.pdf with the selected orders' ids. */
export const fetchSelectionPaper = (ids: string[], kind: SelectionPaperKind) =>
  fetchPaper(
    `admin/orders/${kind}.pdf`,
    {
      method: 'POST',
      headers: { Accept: 'application/pdf', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids } satisfies PaperworkSelection),
    },
    `${kind}.pdf`,
  );

/** Saves through an object URL: <a download> ignores the name for another origin's URL (the API host). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
