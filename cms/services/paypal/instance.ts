import {
  createPayPalClient,
  PayPalApiError,
  resolvePayPalSettings,
  type PayPalClient,
  type PayPalSettings,
} from './client';
import { dataDir } from '../../lib/paths';
import { emulatorCredentials } from './emulator-credentials';

/**
 * The process-wide PayPal settings and client, resolved from the environment on first use.
 * The server reaches its own emulator at http://127.0.0.1:$PORT/__paypal, with the emulator's random secret
 * from the data folder (made there on first use).
 */
export function localOrigin(): string {
  return `http://127.0.0.1:${process.env.PORT ?? 3000}`;
}

let settings: PayPalSettings | null = null;
let client: PayPalClient | null = null;

export function paypalSettings(): PayPalSettings {
  if (!settings) {
    const resolved = resolvePayPalSettings(process.env, localOrigin());
    settings =
      resolved.mode === 'emulator'
        ? { ...resolved, clientSecret: emulatorCredentials(dataDir).clientSecret }
        : resolved;
  }
  return settings;
}

/** The shared client. Throws PayPalApiError(503, 'PAYPAL_NOT_CONFIGURED') in mode 'off'. */
export function paypal(): PayPalClient {
  const s = paypalSettings();
  if (s.mode === 'off') {
    throw new PayPalApiError(
      503,
      'PAYPAL_NOT_CONFIGURED',
      'PayPal is not configured (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or PAYPAL_EMULATOR=true)',
    );
  }
  client ??= createPayPalClient({ baseUrl: s.baseUrl, clientId: s.clientId, clientSecret: s.clientSecret });
  return client;
}

/** Forget the cached settings and client (tests that change the environment). */
export function resetPayPalInstance(): void {
  settings = null;
  client = null;
}
