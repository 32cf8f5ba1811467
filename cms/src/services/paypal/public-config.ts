import type { PublicConfig } from '@shop/shared';

/**
 * What the storefront needs to load PayPal's JS SDK. Without PAYPAL_CLIENT_ID the shop runs the local
 * emulator and points the SDK loader at the stand-in it serves (see the payments issue).
 */
export function paypalPublicConfig(): PublicConfig['paypal'] {
  const clientId = process.env.PAYPAL_CLIENT_ID;
  if (clientId) {
    return { client_id: clientId, sdk_base_url: null, env: process.env.PAYPAL_ENV ?? 'development' };
  }
  return { client_id: 'emulator', sdk_base_url: '/__paypal/sdk/js', env: 'emulator' };
}
