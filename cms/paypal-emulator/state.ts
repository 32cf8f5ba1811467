/**
 * The emulator's state: the orders PayPal holds (in memory, and in an append-only journal when the server
 * gives a state file), the issued tokens and the webhook deliveries. Shared by every router made in this process.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PayPalCapture, PayPalOrder, PayPalRefund, PayPalWebhookEvent } from '../services/paypal/types';

export type EmulatedCaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED';

/** A refund as a webhook resource: PayPal puts no supplementary_data on it (the `up` link names the capture). */
export type EmulatedWebhookResource = PayPalCapture | (PayPalRefund & { supplementary_data?: undefined });
/**
 * What the emulator delivers: PAYMENT.CAPTURE.COMPLETED, PENDING or DENIED (a capture), PAYMENT.CAPTURE.REFUNDED
 * or REVERSED (a refund).
 */
export type EmulatedWebhookEvent = PayPalWebhookEvent<EmulatedWebhookResource>;

export interface EmulatedOrderRecord {
  /** The order as PayPal would return it now. */
  order: PayPalOrder;
  /** Exactly what the server sent to create the order. */
  request: { body: unknown; requestId: string | null; prefer: string | null; receivedAt: string };
  /** What the capture will produce (set by approve's capture_status). */
  captureOutcome: EmulatedCaptureOutcome;
  /** Response of the first successful capture per PayPal-Request-Id (replayed on repeats). */
  captureResponses: Map<string, PayPalOrder>;
  /** PayPal-Request-Id of every capture call received, in order ('' when the header was absent). */
  captureRequestIds: string[];
  /** Test knob (set by approve's capture_amount outside production): capture this value instead of the order's. */
  captureAmount?: string;
  /** Test knob (approve's webhook: false outside production): no automatic webhook after the capture. */
  noWebhook?: boolean;
  /**
   * Test knob (approve's capture_refusal outside production, e.g. 'INSTRUMENT_DECLINED'): the capture call is
   * refused with a 422 naming this issue, as PayPal refuses one whose funding source fails; no money moves
   * and the order stays APPROVED.
   */
  captureRefusal?: string;
  /** The create response (replayed for a repeated PayPal-Request-Id). */
  createResponse?: PayPalOrder;
  /**
   * The first answer of a refund per capture and PayPal-Request-Id (key `${captureId} ${requestId}`), replayed
   * on repeats. The refunds themselves live in the order, under purchase_units[].payments.refunds.
   */
  refundResponses: Map<string, PayPalRefund>;
  /** Test knob (refund-mode): capture id → PENDING while that capture's API refunds come back PENDING. */
  refundModes: Record<string, 'PENDING'>;
  /**
   * Every refund call received (absent on records journaled before): what was asked for, whatever PayPal
   * then did with it. `status` is the HTTP status answered, 0 while the answer has not left (refund-hold).
   */
  refundRequests?: EmulatedRefundRequest[];
  /** Webhooks not yet accepted by the shop, retried with back-off as PayPal does. */
  pendingWebhooks: PendingWebhook[];
}

export interface EmulatedRefundRequest {
  capture_id: string;
  /** '' when the header was absent. */
  request_id: string;
  /** The amount asked for; null for "everything left". */
  value: string | null;
  status: number;
}

export interface PendingWebhook {
  event: EmulatedWebhookEvent;
  /** Deliveries tried so far. */
  attempts: number;
  /** When the next attempt is due (ms since epoch). */
  dueAt: number;
}

export interface WebhookDelivery {
  event_id: string;
  event_type: string;
  target: string;
  /** HTTP status from the target, or 0 when it could not be reached. */
  status: number;
  error?: string;
  delivered_at: string;
  event: EmulatedWebhookEvent;
}

export interface PayPalEmulatorState {
  orders: Map<string, EmulatedOrderRecord>;
  /** PayPal-Request-Id of a create → the create response returned for it. */
  createResponses: Map<string, PayPalOrder>;
  /** capture id → order id. */
  captures: Map<string, string>;
  /** refund id → order id. */
  refunds: Map<string, string>;
  /** access token → expiry (ms since epoch). */
  tokens: Map<string, number>;
  webhookDeliveries: WebhookDelivery[];
  /** How often verify-webhook-signature was called (what a flood of forged webhooks would cost the shop). */
  verifyCalls: number;
}

/** The emulator's in-memory state (shared by every router made in this process). Tests may read it. */
export const emulatorState: PayPalEmulatorState = {
  orders: new Map(),
  createResponses: new Map(),
  captures: new Map(),
  refunds: new Map(),
  tokens: new Map(),
  webhookDeliveries: [],
  verifyCalls: 0,
};

export interface EmulatedOrderSnapshot {
  order: PayPalOrder;
  request: EmulatedOrderRecord['request'];
  captureOutcome: EmulatedCaptureOutcome;
  captureRequestIds: string[];
  refundRequests: EmulatedRefundRequest[];
}

/** A copy of what the emulator holds for an order (the order now, and the create request as received). */
export function getEmulatedOrder(id: string): EmulatedOrderSnapshot | undefined {
  const rec = emulatorState.orders.get(id);
  return rec ? snapshot(rec) : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Journal: one JSON line per change of an order record, the last line for an id wins. The line is written
// (a synchronous write into the kernel's cache) before the answer leaves the API, so a killed process loses no
// answered change; a torn last line (killed mid-write) is skipped on load. No fsync: the emulator stands in
// for PayPal across restarts of the shop, not across power failures of this machine.

interface JournalLine {
  order: PayPalOrder;
  request: EmulatedOrderRecord['request'];
  captureOutcome: EmulatedCaptureOutcome;
  captureResponses: Record<string, PayPalOrder>;
  captureRequestIds: string[];
  captureAmount?: string;
  captureRefusal?: string;
  createResponse?: PayPalOrder;
  pendingWebhooks: PendingWebhook[];
  /** Absent on lines written before refunds existed. */
  refundResponses?: Record<string, PayPalRefund>;
  refundModes?: Record<string, 'PENDING'>;
  refundRequests?: EmulatedRefundRequest[];
}

let journalFd: number | null = null;

export function openJournal(file: string): void {
  if (journalFd !== null) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let rec: JournalLine;
      try {
        rec = JSON.parse(line) as JournalLine;
      } catch {
        continue; // the torn tail of a write cut short by a kill
      }
      const restored: EmulatedOrderRecord = {
        ...rec,
        captureResponses: new Map(Object.entries(rec.captureResponses ?? {})),
        pendingWebhooks: rec.pendingWebhooks ?? [],
        refundResponses: new Map(Object.entries(rec.refundResponses ?? {})),
        refundModes: rec.refundModes ?? {},
      };
      emulatorState.orders.set(rec.order.id, restored);
      if (rec.request.requestId && rec.createResponse)
        emulatorState.createResponses.set(rec.request.requestId, rec.createResponse);
      for (const unit of rec.order.purchase_units ?? []) {
        for (const c of unit.payments?.captures ?? []) emulatorState.captures.set(c.id, rec.order.id);
        for (const r of unit.payments?.refunds ?? []) emulatorState.refunds.set(r.id, rec.order.id);
      }
    }
  }
  journalFd = fs.openSync(file, 'a');
}

/** Writes the record's current state to the journal (no-op without a journal). */
export function persist(rec: EmulatedOrderRecord): void {
  if (journalFd === null) return;
  const line: JournalLine = {
    ...rec,
    captureResponses: Object.fromEntries(rec.captureResponses),
    refundResponses: Object.fromEntries(rec.refundResponses),
  };
  fs.writeSync(journalFd, `${JSON.stringify(line)}\n`);
}

/** Forget every order, token, idempotency key and delivery (tests). */
export function resetPayPalEmulator(): void {
  emulatorState.orders.clear();
  emulatorState.createResponses.clear();
  emulatorState.captures.clear();
  emulatorState.refunds.clear();
  emulatorState.tokens.clear();
  emulatorState.webhookDeliveries.length = 0;
}

/** Invalidate every issued access token, so the next API call gets a 401 (tests the client's refresh). */
export function expireEmulatorTokens(): void {
  emulatorState.tokens.clear();
}

function snapshot(rec: EmulatedOrderRecord): EmulatedOrderSnapshot {
  return structuredClone({
    order: rec.order,
    request: rec.request,
    captureOutcome: rec.captureOutcome,
    captureRequestIds: rec.captureRequestIds,
    refundRequests: rec.refundRequests ?? [],
  });
}
