import type { Payload } from 'payload';
import type { PublicOrder } from '@shop/shared';
import { type DateCondition, setDatesIf } from '../lib/conditional-update';
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

/** The conditions under which `step` may be claimed at `now`: not sent, and nobody sending it (or their lease lapsed). */
function claimable(step: NoticeStep, now: Date): DateCondition[][] {
  return [
    [{ field: step.done, isNull: true }],
    [
      { field: step.claim, isNull: true },
      { field: step.claim, before: new Date(now.getTime() - NOTICE_CLAIM_LEASE_MS) },
    ],
  ];
}

/** Hands a claimed mail to the transport; a refused one releases its claim so the reconciler tries again. */
async function sendClaimed(payload: Payload, order: PublicOrder, step: NoticeStep, claimedAt: Date): Promise<boolean> {
  try {
    await step.send(payload, order);
    return true;
  } catch (err) {
    payload.logger.error({ err, msg: `order ${order.number}: ${step.name} failed; the reconciler retries it` });
    await setDatesIf(payload, 'orders', order.id, { [step.claim]: null }, [[{ field: step.claim, equals: claimedAt }]]);
    return false;
  }
}

/**
 * Sends one of an order's mails unless it was sent or someone else is sending it. Whoever gets there first
 * (the capture, a retried capture, the webhook, the reconciler, another instance) wins the atomic claim; the
 * others skip. A refused mail releases its claim so the reconciler tries again.
 */
async function sendOnce(payload: Payload, order: PublicOrder, step: NoticeStep): Promise<NoticeOutcome> {
  const now = new Date();
  const claimed = await setDatesIf(payload, 'orders', order.id, { [step.claim]: now }, claimable(step, now));
  if (!claimed) return 'skipped';
  return sendAndRecord(payload, order, step, now);
}

/** Hands a mail claimed at `claimedAt` over and records it sent at once: the shorter the time between the
 * transport accepting it and the record saying so, the fewer mails a kill makes the reconciler hand over again. */
async function sendAndRecord(
  payload: Payload,
  order: PublicOrder,
  step: NoticeStep,
  claimedAt: Date,
): Promise<NoticeOutcome> {
  if (!(await sendClaimed(payload, order, step, claimedAt))) return 'failed';
  await setDatesIf(payload, 'orders', order.id, { [step.done]: new Date(), [step.claim]: null }, []);
  return 'sent';
}

/**
 * The payer's confirmation and the shop's notice for a new order, each at most once. For a new order both
 * are unsent and unclaimed: one conditional write claims the two (where each claimed itself before), and
 * they are handed to the transport side by side, each recorded sent as soon as it is accepted. When either
 * was sent or is being sent already, each mail goes its own way. `claimedAt`: the caller inserted the order
 * with both claims at that time (services/payments.ts), so there is nothing left to claim.
 */
export async function sendNewOrderNotices(
  payload: Payload,
  order: PublicOrder,
  { claimedAt = null }: { claimedAt?: Date | null } = {},
): Promise<{ confirmation: NoticeOutcome; shopNotice: NoticeOutcome }> {
  const now = claimedAt ?? new Date();
  const both =
    claimedAt !== null ||
    (await setDatesIf(payload, 'orders', order.id, { [PAYER_CONFIRMATION.claim]: now, [SHOP_NOTICE.claim]: now }, [
      ...claimable(PAYER_CONFIRMATION, now),
      ...claimable(SHOP_NOTICE, now),
    ]));
  if (!both) {
    const confirmation = await sendOnce(payload, order, PAYER_CONFIRMATION);
    const shopNotice = await sendOnce(payload, order, SHOP_NOTICE);
    return { confirmation, shopNotice };
  }
  // Handed over side by side and recorded in one write (one commit fewer per checkout): a kill between the
  // two acceptances, milliseconds apart, leaves the first for the reconciler to hand over again, and its
  // Message-ID shows it once.
  const [confirmationSent, shopNoticeSent] = await Promise.all([
    sendClaimed(payload, order, PAYER_CONFIRMATION, now),
    sendClaimed(payload, order, SHOP_NOTICE, now),
  ]);
  const sent = [confirmationSent && PAYER_CONFIRMATION, shopNoticeSent && SHOP_NOTICE].filter(
    (step): step is NoticeStep => step !== false,
  );
  if (sent.length > 0) {
    const at = new Date();
    await setDatesIf(
      payload,
      'orders',
      order.id,
      Object.fromEntries(sent.flatMap((step) => [[step.done, at] as const, [step.claim, null] as const])),
      [],
    );
  }
  const outcome = (wasSent: boolean): NoticeOutcome => (wasSent ? 'sent' : 'failed');
  return { confirmation: outcome(confirmationSent), shopNotice: outcome(shopNoticeSent) };
}
