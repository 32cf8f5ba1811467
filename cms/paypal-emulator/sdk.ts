/**
 * The buyer-facing files and pages: the JS SDK stand-in (sdk-standin.js), the approval page the order's `approve`
 * link points at, and the certificate webhooks name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/paths';
import { EMULATOR_CLIENT_ID } from '../services/paypal/client';
import type { EmulatorContext } from './context';
import { CERT_PATH } from './webhooks';

let standinSource: string | null = null;
function sdkStandin(): string {
  if (standinSource === null)
    standinSource = fs.readFileSync(path.join(repoRoot, 'cms', 'paypal-emulator', 'sdk-standin.js'), 'utf8');
  return standinSource;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The buyer-facing files and pages: the JS SDK stand-in, the approval page, the webhook certificate. */
export function mountSdk(ctx: EmulatorContext) {
  const { router, state } = ctx;
  // --- Buyer-facing pages and files ---------------------------------------------------------------------
  router.get('/sdk/js', (req, res) => {
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    const clientId = typeof req.query['client-id'] === 'string' ? req.query['client-id'] : '';
    if (!clientId) {
      res.status(400).send(`throw new Error("SDK Validation error: 'Expected client-id to be passed'");\n`);
      return;
    }
    if (clientId !== EMULATOR_CLIENT_ID) {
      res
        .status(400)
        .send(
          `throw new Error(${JSON.stringify(`SDK Validation error: 'Invalid query value for client-id: ${clientId}'`)});\n`,
        );
      return;
    }
    res.send(sdkStandin());
  });

  router.get('/checkoutnow', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const rec = state.orders.get(token);
    res
      .status(rec ? 200 : 404)
      .type('html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>PayPal emulator</title>` +
          `<h1>PayPal emulator</h1>` +
          (rec
            ? `<p>This stands for PayPal's approval page of order <code>${escapeHtml(token)}</code>; ` +
              `approve with <code>POST ${escapeHtml(req.baseUrl)}/v2/checkout/orders/${escapeHtml(token)}/approve</code>.</p>`
            : `<p>Unknown order.</p>`),
      );
  });

  router.get(CERT_PATH, (_req, res) => {
    res
      .type('application/x-pem-file')
      .send(
        '-----BEGIN CERTIFICATE-----\n' +
          Buffer.from('PayPal emulator: webhooks are signed with HMAC-SHA256, there is no real certificate.').toString(
            'base64',
          ) +
          '\n-----END CERTIFICATE-----\n',
      );
  });
}
