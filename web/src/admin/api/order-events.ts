import type { OrderEvent, OrderNoteInput } from '@shop/shared/admin';
import useSWR from 'swr';
import { apiPost, fetchResult } from '../../lib/api';

export const orderEventsKey = (id: string) => `admin/orders/${encodeURIComponent(id)}/events`;

/** The order's timeline, oldest first (payment, status changes, notes, resent mails). */
export function useOrderEvents(id: string | undefined) {
  return useSWR<OrderEvent[]>(id ? orderEventsKey(id) : null, fetchResult, { revalidateOnFocus: false });
}

/** 201 with the stored note; 400 for an empty or too long note, or one with control characters. */
export const addOrderNote = (id: string, text: string) =>
  apiPost<OrderEvent>(`admin/orders/${encodeURIComponent(id)}/notes`, { text } satisfies OrderNoteInput);
