import { env } from '../../lib/env';
import { connectedRedis } from '../../lib/redis';
import { AuthThrottle, MemoryAttemptStore, RedisAttemptStore } from './throttle';

let shared: AuthThrottle | undefined;

/**
 * The process's throttle, configured from LOGIN_RATE_LIMIT* (lib/env.ts), counting in Redis when REDIS_URL is
 * set (server.ts connects it before the first request) so that every instance sees the same failures. Kept
 * apart from throttle.ts so that the throttle itself loads without the environment (its unit tests).
 */
export function authThrottle(): AuthThrottle {
  const redis = connectedRedis();
  shared ??= new AuthThrottle(redis ? new RedisAttemptStore(redis) : new MemoryAttemptStore(), env.loginRateLimit);
  return shared;
}
