import { clientPasswordHash } from './client-password';

/**
 * The demo admin a development start creates. Its password is published (README, the start banner), so in
 * production it opens nothing: neither this account nor any other account whose password is this one signs
 * in (services/auth/session.ts, services/auth/published-accounts.ts).
 */
export const DEMO_ADMIN = { email: 'admin@bottega.example', password: 'Bottega2025!' } as const;

/** What a browser sends for the published password (SPEC §5: the SHA-256 hex of what was typed). */
export const PUBLISHED_PASSWORD_DIGEST = clientPasswordHash(DEMO_ADMIN.password);

export const isDemoAccountEmail = (email: unknown): boolean =>
  typeof email === 'string' && email.trim().toLowerCase() === DEMO_ADMIN.email;

/** `digest` is the SHA-256 hex the browser sends; the comparison is case-insensitive as hex is. */
export const isPublishedPasswordDigest = (digest: unknown): boolean =>
  typeof digest === 'string' && digest.toLowerCase() === PUBLISHED_PASSWORD_DIGEST;
