import type { Envelope } from '@shop/shared';
import { handleResult, type HandleResultOptions, notify, type ResultKind } from '../../lib/notify';

/** Shown when a 409 carries no sentence of its own (it always should; an old server might not). */
const FALLBACK_CONFLICT = 'This change conflicts with the current data. Reload the page and try again.';

/**
 * The sentence a 409 reply carries (e.g. "You cannot delete your own account"): the server words these
 * for people, so they are shown as they are. Accepts a plain string or `{message}`.
 */
export function conflictMessage(envelope: Pick<Envelope<unknown>, 'result'>): string {
  const { result } = envelope;
  if (typeof result === 'string' && result.trim()) return result.trim();
  if (typeof result === 'object' && result !== null && 'message' in result) {
    const message = (result as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message.trim();
  }
  return FALLBACK_CONFLICT;
}

/**
 * handleResult plus SPEC §8's gap: a refused write (409: an image still in use, the last active admin)
 * shows the server's reason as an error instead of the generic "Something went wrong".
 */
export function handleWriteResult(
  envelope: Pick<Envelope<unknown>, 'result' | 'status'>,
  options: HandleResultOptions,
): ResultKind | 'conflict' {
  if (envelope.status !== 409) return handleResult(envelope, options);
  notify.closeLoading();
  notify.error({ title: conflictMessage(envelope) });
  return 'conflict';
}
