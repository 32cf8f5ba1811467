/**
 * Sends the day's sales kept on the phone to the server, one at a time in the order they were recorded: when
 * the screen opens, after each new sale, when the browser says the network is back, and after a failed try
 * with a growing wait. Each sale carries its client_id, so a resend after a lost answer is answered 200 with
 * the sale already there and never records it twice.
 */
import type { Envelope, MarketSale, MarketSaleInput } from '@shop/shared/admin';
import { forgetSale, salesOnPhone, updateSale } from './sale-queue';
import { retryDelayMs, sendOutcome } from './stall-logic';

export interface SaleSenderOptions {
  dayId: string;
  post: (dayId: string, input: MarketSaleInput) => Promise<Envelope<MarketSale>>;
  /** The queue changed (a sale sent or refused): redraw, and read the day again when something was sent. */
  onChange: (sentAny: boolean) => void;
  /** The session is gone (401/403): the queue stays, sending stops until the person signs in again. */
  onSignInNeeded: () => void;
}

export interface SaleSender {
  /** Send what is waiting now (a no-op while a round is running; that round picks the new sale up). */
  kick: () => void;
  stop: () => void;
}

/** The server's reason for refusing a sale, in words the stall can show. */
export function refusalText(envelope: Envelope<unknown>): string {
  const { result, status } = envelope;
  if (typeof result === 'string' && result) return result;
  if (Array.isArray(result)) {
    const messages = result
      .map((item) => (item && typeof item === 'object' && 'message' in item ? String(item.message) : ''))
      .filter(Boolean);
    if (messages.length) return messages.join('; ');
  }
  return `The server refused this sale (${status})`;
}

// Two tabs of the stall on one phone send through one lock, so neither sends a sale the other is sending.
const SEND_LOCK = 'market-stall-send';

export function createSaleSender(options: SaleSenderOptions): SaleSender {
  const { dayId, post, onChange, onSignInNeeded } = options;
  let running = false;
  let again = false;
  let stopped = false;
  let failedTries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** One pass over the waiting sales; returns whether to try again later. */
  async function sendWaiting(): Promise<'done' | 'retry' | 'signIn'> {
    const sales = await salesOnPhone(dayId);
    let sentAny = false;
    try {
      for (const sale of sales) {
        if (stopped) return 'done';
        if (sale.state !== 'waiting') continue;
        const envelope = await post(dayId, sale.input);
        const outcome = sendOutcome(envelope.status);
        if (outcome === 'sent') {
          await forgetSale(sale.client_id);
          sentAny = true;
          failedTries = 0;
        } else if (outcome === 'failed') {
          await updateSale({ ...sale, state: 'failed', error: refusalText(envelope), attempts: sale.attempts + 1 });
          onChange(false);
        } else if (outcome === 'signIn') {
          return 'signIn';
        } else {
          // Later sales wait behind this one: the server sees them in the order they were made.
          await updateSale({ ...sale, attempts: sale.attempts + 1 });
          return 'retry';
        }
      }
      return 'done';
    } finally {
      if (sentAny) onChange(true);
    }
  }

  async function round(): Promise<void> {
    if (running || stopped) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    try {
      do {
        again = false;
        const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
        const result = locks ? await locks.request(SEND_LOCK, sendWaiting) : await sendWaiting();
        if (result === 'signIn') {
          onSignInNeeded();
          return;
        }
        if (result === 'retry') {
          failedTries += 1;
          if (!stopped) timer = setTimeout(kick, retryDelayMs(failedTries));
          return;
        }
      } while (again && !stopped);
    } catch {
      failedTries += 1;
      if (!stopped) timer = setTimeout(kick, retryDelayMs(failedTries));
    } finally {
      running = false;
    }
  }

  function kick(): void {
    void round();
  }

  const onOnline = () => {
    failedTries = 0;
    kick();
  };
  window.addEventListener('online', onOnline);

  return {
    kick,
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    },
  };
}
