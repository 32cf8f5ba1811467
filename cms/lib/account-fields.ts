/** An account's email is its identity (sign-in, invites, the audit log's "by"): fixed once created, on every door. */
export const EMAIL_LOCKED = 'The email of an account cannot be changed';

/**
 * Fields of an account that only Payload's own auth operations write (password hashing, sessions, reset
 * tokens, the lock counters). Through any door they are refused rather than silently dropped, so a request
 * that meant to end someone's sessions learns it did not.
 */
export const AUTH_MANAGED_FIELDS = [
  'hash',
  'salt',
  'sessions',
  'resetPasswordToken',
  'resetPasswordExpiration',
  'loginAttempts',
  'lockUntil',
  '_verified',
  '_verificationToken',
] as const;

/**
 * Set on a write's context by the production start when it deactivates an account anyone could sign in to
 * (the published demo password): the last-active-admin rule keeps an owner from locking themselves out, but
 * such an account is no admin to keep.
 */
export const DEACTIVATED_BY_SYSTEM = 'deactivatedBySystem';
