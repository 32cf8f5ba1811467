import type { SanitizedConfig } from 'payload';

/**
 * The panel runs inside the shop's own server process, which has already built and initialised the Payload
 * config (database migrated, production checks passed). The panel's pages use that same config object
 * rather than a bundled copy: a copy would be compiled with Next's inlined NODE_ENV and re-run the checks,
 * and would open a second Payload instance on the same database. The host puts the config on globalThis
 * before Next handles a request (cms/services/cms-panel.ts); `next build` never resolves it, so the
 * build needs no secret and no database.
 */
const HOST_CONFIG_KEY = Symbol.for('bottega.cms.payloadConfig');

function hostConfig(): Promise<SanitizedConfig> {
  const config = (globalThis as Record<symbol, unknown>)[HOST_CONFIG_KEY] as Promise<SanitizedConfig> | undefined;
  if (!config) return Promise.reject(new Error('The /cms panel only runs inside the shop server (cms/server.ts)'));
  return config;
}

/** A promise-like that asks the host only when awaited, i.e. while a request is handled, never at build. */
const config = {
  then<T1 = SanitizedConfig, T2 = never>(
    onFulfilled?: ((value: SanitizedConfig) => T1 | PromiseLike<T1>) | null,
    onRejected?: ((reason: unknown) => T2 | PromiseLike<T2>) | null,
  ): Promise<T1 | T2> {
    return hostConfig().then(onFulfilled, onRejected);
  },
} as unknown as Promise<SanitizedConfig>;

export default config;
