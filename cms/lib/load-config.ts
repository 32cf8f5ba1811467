import type { SanitizedConfig } from 'payload';
import { preloadLexical } from './lexical-preload';

/**
 * The Payload config, for every entry point (server, seed, scripts, tests, benches): lexical's modules are
 * evaluated first, one at a time (see lexical-preload.ts), or a start fails at random with exit code 13.
 */
export async function loadPayloadConfig(): Promise<SanitizedConfig> {
  await preloadLexical();
  const { default: config } = await import('../payload.config');
  return config;
}
