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
