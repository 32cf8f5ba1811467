import { env } from '../../lib/env';
import { AuthThrottle, MemoryAttemptStore } from './throttle';

let shared: AuthThrottle | undefined;

/**
 * The process's throttle, configured from LOGIN_RATE_LIMIT* (lib/env.ts). Kept apart from throttle.ts so
 * that the throttle itself loads without the environment (its unit tests, a Redis store later).
 */
export function authThrottle(): AuthThrottle {
  shared ??= new AuthThrottle(new MemoryAttemptStore(), env.loginRateLimit);
  return shared;
}
