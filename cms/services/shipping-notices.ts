import type { Payload, Where } from 'payload';
import { setDatesIf } from '../lib/conditional-update';
import { env } from '../lib/env';
import { recordOrderEvent } from './admin/order-events';
import { str, type Doc } from './mappers';
import type { NoticeOutcome } from './order-notices';
import { toPublicOrder } from './orders';
import { getSettings } from './settings';
import { isMailedStatus, MAILED_STATUSES, sendStatusMail, STATUS_MAIL_NOTES } from './shipping-mail';
import { carrierOf } from './shipment-tracking';

/**
 * The shopper's mail about a change to SHIPPED or DELIVERED (issue 22 §2), once per change: the change's
 * timeline event (order-events, type `status`) carries the claim (`mail_claimed_at`, a lease of
 * MAIL_CLAIM_LEASE_SECONDS) and the mark (`mail_sent_at`, written only after the mail server took the mail),
 * as the order carries its confirmation's (order-notices.ts). The mail goes after the change is committed,
 * never inside its transaction; a sender that dies holding a claim leaves it to the reconciler once the lease
 * has lapsed. Demo orders are never mailed.
 */
export const STATUS_MAIL_CLAIM_LEASE_MS = env.mailClaimLeaseMs;

/** Changes older than this are not mailed any more (the same window as the confirmation's). */
export const STATUS_MAIL_WINDOW_MS = 3 * 24 * 60 * 60_000;

/**
 * Claims the mail of change `eventId` at `now`: one conditional UPDATE that succeeds only while the mail is
 * unsent and nobody holds a live claim (none, or one older than the lease). Returns the claim's time, or
 * null when someone else sends it or it was sent.
 */
export async function claimStatusMail(payload: Payload, eventId: string, now = new Date()): Promise<Date | null> {
  const claimed = await setDatesIf(payload, 'order-events', eventId, { mail_claimed_at: now }, [
    [{ field: 'mail_sent_at', isNull: true }],
    [
      { field: 'mail_claimed_at', isNull: true },
      { field: 'mail_claimed_at', before: new Date(now.getTime() - STATUS_MAIL_CLAIM_LEASE_MS) },
    ],
  ]);
  return claimed ? now : null;
}

async function findDoc(payload: Payload, collection: 'orders' | 'order-events', id: string): Promise<Doc | null> {
  const res = await payload.find({
    collection,
    where: { id: { equals: id } },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  return (res.docs[0] as Doc | undefined) ?? null;
}

const idOf = (v: unknown): string =>
  v !== null && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : str(v);

/**
 * Sends the shopper's mail about status change `eventId` unless it was sent, someone else is sending it, or
 * there is nobody to mail (a demo order, no payer address, a change that is not mailed). Once the mail
 * server took it: marked sent, and a `mail_sent` event on the timeline. A refused mail releases its claim,
 * so the reconciler tries again.
 */
export async function sendStatusMailOnce(payload: Payload, eventId: string): Promise<NoticeOutcome> {
  const event = await findDoc(payload, 'order-events', eventId);
  if (!event || str(event.type) !== 'status' || event.mail_sent_at) return 'skipped';
  const status = str(event.to);
  if (!isMailedStatus(status)) return 'skipped';
  const orderDoc = await findDoc(payload, 'orders', idOf(event.order));
  // The demo seed's orders have made-up payers: never mailed.
  if (!orderDoc || orderDoc.demo === true || !str(orderDoc.payer_email_address)) return 'skipped';
  const claimedAt = await claimStatusMail(payload, eventId);
  if (!claimedAt) return 'skipped';
  const order = toPublicOrder(orderDoc);
  try {
    const { tracking_url_template } = await getSettings(payload);
    await sendStatusMail(payload, order, eventId, {
      status,
      trackingNumber: str(event.tracking_number) || null,
      trackingTemplate: tracking_url_template,
      carrier: carrierOf(orderDoc),
      trackingUrl: str(orderDoc.tracking_url) || null,
    });
  } catch (err) {
    payload.logger.error({ err, msg: `order ${order.number}: ${status} mail failed; the reconciler retries it` });
    await setDatesIf(payload, 'order-events', eventId, { mail_claimed_at: null }, [
      [{ field: 'mail_claimed_at', equals: claimedAt }],
    ]);
    return 'failed';
  }
  await setDatesIf(payload, 'order-events', eventId, { mail_sent_at: new Date(), mail_claimed_at: null }, []);
  // The mail is gone whatever happens to the timeline entry.
  await recordOrderEvent(
    { payload },
    { order: order.id, type: 'mail_sent', by: 'system', note: STATUS_MAIL_NOTES[status] },
  ).catch((err: unknown) =>
    payload.logger.error({ err, msg: `order ${order.number}: timeline entry for the ${status} mail not written` }),
  );
  return 'sent';
}

/** Recent changes to SHIPPED or DELIVERED whose mail is unsent, oldest first; of demo orders none. */
function unsentWhere(now: Date, orderIds?: readonly string[]): Where {
  return {
    and: [
      { type: { equals: 'status' } },
      { to: { in: [...MAILED_STATUSES] } },
      { mail_sent_at: { exists: false } },
      { at: { greater_than: new Date(now.getTime() - STATUS_MAIL_WINDOW_MS).toISOString() } },
      ...(orderIds ? [{ order: { in: [...orderIds] } }] : [{ 'order.demo': { not_equals: true } }]),
    ],
  };
}

const PAGE = 100;

/**
 * Sends every unsent mail of the recent changes (of `orderIds` only, when given), one after another. Each
 * is claimed, so this may run beside another sender; a claim still held is skipped.
 */
export async function sendUnsentStatusMails(
  payload: Payload,
  { now = new Date(), orderIds }: { now?: Date; orderIds?: readonly string[] } = {},
): Promise<{ sent: number; failed: number; errors: number }> {
  const report = { sent: 0, failed: 0, errors: 0 };
  if (orderIds && orderIds.length === 0) return report;
  // Ids already tried this round: a skipped or failed event stays in the filter, so paging would loop.
  const seen = new Set<string>();
  for (;;) {
    const res = await payload.find({
      collection: 'order-events',
      where: unsentWhere(now, orderIds),
      sort: ['at', 'createdAt'],
      limit: PAGE,
      depth: 0,
      select: { id: true },
      overrideAccess: true,
    });
    const fresh = (res.docs as Doc[]).map((d) => String(d.id)).filter((id) => !seen.has(id));
    if (fresh.length === 0) return report;
    for (const id of fresh) {
      seen.add(id);
      try {
        const outcome = await sendStatusMailOnce(payload, id);
        if (outcome === 'sent') report.sent += 1;
        if (outcome === 'failed') report.failed += 1;
      } catch (err) {
        report.errors += 1;
        payload.logger.warn({ err, msg: `status mail of event ${id} not sent this round` });
      }
    }
    if (res.docs.length < PAGE) return report;
  }
}

/**
 * After a committed status change (order page, selector, bulk): the shopper's mails go in the background,
 * so the admin's answer never waits for the mail server; whatever fails is the reconciler's.
 */
export function mailStatusChangesLater(payload: Payload, orderIds: readonly string[]): void {
  if (orderIds.length === 0) return;
  void sendUnsentStatusMails(payload, { orderIds }).catch((err: unknown) =>
    payload.logger.error({ err, msg: 'status mails not sent; the reconciler retries them' }),
  );
}
