import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { SanitizedConfig } from 'payload';
import { env } from '../lib/env';
import { sendEnvelope } from '../lib/express-helpers';
import { panelDir } from '../lib/paths';

/** Payload's panel: a Next.js app in cms/app, built into cms/.next by `npm run build`. */
export const panelBuildIdFile = path.join(panelDir, '.next', 'BUILD_ID');

/** Where the panel's pages and Next's own files live. Everything else is the shop's. */
export const isPanelPath = (pathname: string) => /^\/(cms|_next)(\/|$)/.test(pathname);

/** Read by cms/app/host-config.ts: the panel renders with this process's Payload config and instance. */
const HOST_CONFIG_KEY = Symbol.for('bottega.cms.payloadConfig');

const isReadOnly = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * A write without an Origin is not a browser's; one with an Origin must come from this shop: its public URL,
 * or the host the request was sent to (as a proxy passes it on), which is what Next itself compares.
 */
function fromOwnOrigin(req: Request): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const forwardedHost = String(req.headers['x-forwarded-host'] ?? '')
    .split(',')[0]
    .trim();
  const ownHosts = new Set([req.headers.host, forwardedHost, new URL(env.publicUrl).host].filter(Boolean));
  try {
    return ownHosts.has(new URL(origin).host);
  } catch {
    return false;
  }
}

type NextHandler = (req: Request, res: Response) => Promise<void>;

/**
 * The panel's Content-Security-Policy: Next's inline bootstrap scripts carry a per-response nonce, Payload's
 * UI writes inline styles and previews uploads from blob: URLs. Nothing from another origin.
 */
const panelHelmet = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** Security headers for panel paths; helmet's storefront policy applies everywhere else. */
export const panelSecurityHeaders: RequestHandler = (req, res, next) => {
  const nonce = randomBytes(16).toString('base64');
  res.locals.cspNonce = nonce;
  // Next.js takes the nonce for its own <script> tags from the request's CSP header.
  req.headers['content-security-policy'] = `script-src 'self' 'nonce-${nonce}'`;
  panelHelmet(req, res, next);
};

/**
 * Hands /cms and /_next to Next's request handler. Next is loaded on the first panel request, not at start:
 * a shop whose editors never open the panel pays nothing for it (time to listen, memory).
 */
export function cmsPanel(config: Promise<SanitizedConfig> | SanitizedConfig): RequestHandler {
  (globalThis as Record<symbol, unknown>)[HOST_CONFIG_KEY] = Promise.resolve(config);
  let handler: Promise<NextHandler> | undefined;

  const load = async (): Promise<NextHandler> => {
    // Typed read-only by Next's declarations; it is an ordinary variable of this process.
    const processEnv = process.env as Record<string, string | undefined>;
    const nodeEnv = processEnv.NODE_ENV;
    // Next would otherwise report usage to its makers from the shop's server.
    processEnv.NEXT_TELEMETRY_DISABLED = '1';
    try {
      const { default: next } = await import('next');
      const nextApp = next({ dev: false, dir: panelDir, quiet: true });
      await nextApp.prepare();
      const handle = nextApp.getRequestHandler();
      return (req, res) => handle(req, res);
    } finally {
      // Next sets NODE_ENV=production for the whole process; the shop's own mode must not change with it.
      if (nodeEnv === undefined) delete processEnv.NODE_ENV;
      else processEnv.NODE_ENV = nodeEnv;
    }
  };

  return (req, res, next) => {
    if (!isPanelPath(req.path)) return next();
    if (!isReadOnly(req.method) && !fromOwnOrigin(req)) {
      // Next would throw on a cross-site server action and answer 500; a browser never sends one legitimately.
      return sendEnvelope(res, 'Forbidden', 403);
    }
    if (!fs.existsSync(panelBuildIdFile)) {
      // `npm start` builds it; a server started some other way says what is missing instead of a 404.
      return sendEnvelope(res, 'The content panel is not built yet: run npm run build', 503);
    }
    handler ??= load().catch((err: unknown) => {
      handler = undefined;
      throw err;
    });
    handler.then((handle) => handle(req, res)).catch(next);
  };
}
