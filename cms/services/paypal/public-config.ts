import type { PublicConfig } from '@shop/shared';
import { resolvePayPalSettings } from './client';

/**
 * What the storefront needs to load PayPal's JS SDK. Without PAYPAL_CLIENT_ID the shop runs the local
 * emulator and points the SDK loader at the stand-in it serves (see the payments issue).
 * - live / sandbox: { client_id: PAYPAL_CLIENT_ID, sdk_base_url: null (PayPal's own SDK), env: PAYPAL_ENV }
 * - emulator:       { client_id: 'emulator-client', sdk_base_url: '/__paypal/sdk/js', env: 'emulator' }
 * - off (production without credentials): { client_id: '', sdk_base_url: null, env: 'off' } — no PayPal button.
 */
export function paypalPublicConfig(): PublicConfig['paypal'] {
  // The origin only matters for server-to-server calls; the SDK URL the browser gets is relative.
  const settings = resolvePayPalSettings(process.env, `http://127.0.0.1:${process.env.PORT ?? 3000}`);
  switch (settings.mode) {
    case 'live':
    case 'sandbox':
      return { client_id: settings.clientId, sdk_base_url: null, env: process.env.PAYPAL_ENV ?? 'development' };
    case 'emulator':
      return { client_id: settings.clientId, sdk_base_url: settings.sdkBaseUrl, env: 'emulator' };
    case 'off':
      return { client_id: '', sdk_base_url: null, env: 'off' };
  }
}
