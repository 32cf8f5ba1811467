import type { Payload } from 'payload';
import type { PublicOrder } from '@shop/shared';
import { setDatesIf } from '../lib/conditional-update';
import { env } from '../lib/env';
import { sendPayerConfirmation, sendShopNotice } from './order-mail';

/**
 * A sender that claimed a mail and then died (SIGKILL, a lost instance) blocks it for this long (default 2
 * minutes, longer than a healthy SMTP hand-over takes); after that the reconciler may claim and send it again.
 */
export const NOTICE_CLAIM_LEASE_MS = env.mailClaimLeaseMs;

interface NoticeStep {
  /** Date field: who is sending right now (a lease). */
  claim: string;
  /** Date field: when the transport accepted the mail. Written only after that, never before. */
  done: string;
  send: (payload: Payload, order: PublicOrder) => Promise<void>;
  name: string;
}

const PAYER_CONFIRMATION: NoticeStep = {
  claim: 'confirmation_claimed_at',
  done: 'confirmation_sent_at',
  send: sendPayerConfirmation,
  name: 'confirmation mail',
};
const SHOP_NOTICE: NoticeStep = {
  claim: 'shop_notice_claimed_at',
  done: 'shop_notified_at',
  send: sendShopNotice,
  name: 'shop notice',
};

export type NoticeOutcome = 'sent' | 'skipped' | 'failed';

/**
 * Sends one of an order's mails unless it was sent or someone else is sending it. Whoever gets there first
 * (the capture, a retried capture, the webhook, the reconciler, another instance) wins the atomic claim; the
 * others skip. A refused mail releases its claim so the reconciler tries again.
 */
async function sendOnce(payload: Payload, order: PublicOrder, step: NoticeStep): Promise<NoticeOutcome> {
  const now = new Date();
  const claimed = await setDatesIf(payload, 'orders', order.id, { [step.claim]: now }, [
    [{ field: step.done, isNull: true }],
    [
      { field: step.claim, isNull: true },
      { field: step.claim, before: new Date(now.getTime() - NOTICE_CLAIM_LEASE_MS) },
    ],
  ]);
  if (!claimed) return 'skipped';
  try {
    await step.send(payload, order);
  } catch (err) {
    payload.logger.error({ err, msg: `order ${order.number}: ${step.name} failed; the reconciler retries it` });
    await setDatesIf(payload, 'orders', order.id, { [step.claim]: null }, [[{ field: step.claim, equals: now }]]);
    return 'failed';
  }
  await setDatesIf(payload, 'orders', order.id, { [step.done]: new Date(), [step.claim]: null }, []);
  return 'sent';
}

/** The payer's confirmation and the shop's notice for a new order, each at most once. */
export async function sendNewOrderNotices(
  payload: Payload,
  order: PublicOrder,
): Promise<{ confirmation: NoticeOutcome; shopNotice: NoticeOutcome }> {
  const confirmation = await sendOnce(payload, order, PAYER_CONFIRMATION);
  const shopNotice = await sendOnce(payload, order, SHOP_NOTICE);
  return { confirmation, shopNotice };
}
