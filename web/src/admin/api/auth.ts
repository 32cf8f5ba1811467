/**
 * Signing in and out of the control centre (SPEC §4 Login, §6, §7 Auth). The server keeps the real session
 * in an http-only cookie; the browser only keeps a "logged in" marker in local storage, which decides
 * whether the admin screens are shown at all (the cookie decides what the server answers).
 */
import { MESSAGES, type AdminSession, type Envelope, type InviteCheck } from '@shop/shared/admin';
import { mutate } from 'swr';
import { apiGet, apiPost, apiPut } from '../../lib/api';
import { handleResult, type ResultKind } from '../../lib/notify';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { configKey } from '../../site/api/config';
import { sha256Hex } from './sha256';

// ---------------------------------------------------------------------------------------------------------
// The logged-in marker

export const SESSION_FLAG_KEY = 'admin-logged-in';

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const hasSessionFlag = (): boolean => readStorage('local', SESSION_FLAG_KEY) !== null;

/**
 * For useSyncExternalStore: the guard re-renders when the marker changes here or in another tab (signing
 * out in one tab sends the others to the login too).
 */
export function subscribeSessionFlag(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_FLAG_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function startSession(): void {
  writeStorage('local', SESSION_FLAG_KEY, 'true');
  emit();
}

/**
 * Forgets the admin in this browser: the marker goes, and so does every cached admin reply, so the next
 * person to sign in never sees the previous one's data. The public shop config stays (it is not private and
 * the storefront reads it). The session guard then sends the browser to /admin by itself.
 */
export function endSession(): void {
  removeStorage('local', SESSION_FLAG_KEY);
  void mutate((key) => key !== configKey, undefined, { revalidate: false });
  emit();
}

// ---------------------------------------------------------------------------------------------------------
// Calls

/** 200 with the admin and the session cookie; 401 wrong email or password; 429 too many attempts. */
export async function login(email: string, plainPassword: string): Promise<Envelope<AdminSession>> {
  return apiPost<AdminSession>('auth/login', { email: email.trim(), password: await sha256Hex(plainPassword) });
}

/** Ends the server session; the marker goes whatever the server says (it may already be gone). */
export async function logout(): Promise<void> {
  await apiPost<null>('auth/logout');
  endSession();
}

/** 200 {email} while the invite or reset link is usable; 404 when it is unknown or expired. */
export const checkInvite = (token: string) => apiGet<InviteCheck>(`auth/invite/${encodeURIComponent(token)}`);

/**
 * Sets the password through an invite or reset link: 200 done; 400 when it is refused; 404 when the link
 * is invalid or expired. Only the SHA-256 hex leaves the browser (SPEC §5): the form holds the five rules.
 */
export async function resetPassword(token: string, plainPassword: string) {
  return apiPut<null>(`auth/reset/${encodeURIComponent(token)}`, { password: await sha256Hex(plainPassword) });
}

/**
 * The sign-in screen's "Forgot password?" (issue 25 §1.12): 200 with the same sentence whatever the email
 * (the server never says whether it has an account); 429 while the address is throttled.
 */
export const requestResetByEmail = (email: string) => apiPost<string>('auth/reset', { email: email.trim() });

/** The lock's text as the server words it (with how long it lasts); SPEC §8's text when it sent none. */
export function lockNotice(result: unknown): { title: string; description: string } {
  const sent = result as { title?: unknown; description?: unknown } | null;
  return typeof sent?.title === 'string' && typeof sent.description === 'string'
    ? { title: sent.title, description: sent.description }
    : MESSAGES.loginRateLimited;
}

/**
 * Settings' "reset your password": the server mails a reset link to the signed-in admin. On success the
 * admin is signed out here and the guard sends them to /admin (SPEC §6); failures show SPEC §8's notices
 * (the generic one for anything but 429). Returns how it went.
 */
export async function requestPasswordReset(): Promise<ResultKind> {
  const envelope = await apiPost<null>('auth/reset');
  // There is no form behind this button, so a 400 gets the generic notice, not "check the fields".
  const kind = handleResult(envelope.status === 400 ? { status: 500 } : envelope, {
    method: 'post',
    success: {
      title: MESSAGES.success.title,
      description: 'We emailed you a link to choose a new password. Sign in again once it is set.',
    },
  });
  if (kind === 'success') endSession();
  return kind;
}
