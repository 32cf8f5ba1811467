import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import { handleEndpoints, type Payload, type SanitizedConfig } from 'payload';
import { MESSAGES, TRACKING_PARAM, TRACKING_PATH } from '@shop/shared';
import {
  assertPayloadCanRead,
  envelopeErrorHandler,
  sameSiteForm,
  sendEnvelope,
  sendFetchResponse,
  toFetchRequest,
} from './lib/express-helpers';
import { env, isProduction } from './lib/env';
import { dataDir, webDistDir, webSsrDir } from './lib/paths';
import { prototypeKeyGuard } from './lib/prototype-keys';
import { earlyPublicAnswer, headersSetBy } from './lib/early-public-answer';
import { PUBLIC_CATALOGUE_PATHS, publicResponseCache } from './lib/public-response-cache';
import { createRateLimiters, pageFormLimit } from './lib/rate-limits';
import { assetRoutes } from './services/asset-files';
import { cmsPanel, isPanelPath, panelSecurityHeaders } from './services/cms-panel';
import { readinessCheck } from './services/health';
import { createStorefrontRenderer } from './services/seo/render';
import { robotsRoute, sitemapRoute, storefrontHtml } from './services/seo/routes';
import { CLIENT_ADDRESS_HEADER } from './services/auth/client-ip';
import { localOrigin, paypalSettings } from './services/paypal/instance';

const JSON_BODY_LIMIT = '100kb';
/** Payload's upload limit (payload.config.ts) plus room for the multipart framing around the file. */
const REST_UPLOAD_LIMIT = 10 * 1024 * 1024 + 64 * 1024;

const isAdminPath = (pathname: string) => /^\/admin(\/|$)/.test(pathname);
const isPagePath = (pathname: string) => isAdminPath(pathname) || /^\/site(\/|$)/.test(pathname);

const isMultipart = (req: { headers: Record<string, string | string[] | undefined> }) =>
  String(req.headers['content-type'] ?? '').startsWith('multipart/');

/** Extra origins the Content-Security-Policy must allow: real PayPal's SDK, buttons and API. */
const PAYPAL_ORIGINS = process.env.PAYPAL_CLIENT_ID
  ? ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']
  : [];

export function createApp(payload: Payload, config: Promise<SanitizedConfig> | SanitizedConfig): Express {
  const app = express();
  app.disable('x-powered-by');
  // req.ip is the client address the sign-in throttle counts by; behind a proxy only TRUST_PROXY makes it so.
  app.set('trust proxy', env.trustProxy);

  const siteHelmet = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...PAYPAL_ORIGINS],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...PAYPAL_ORIGINS],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...PAYPAL_ORIGINS],
        frameSrc: ["'self'", ...PAYPAL_ORIGINS],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // TLS is the proxy's job; upgrading here would break a plain-http install (docker compose on :3000).
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // A catalogue answer already kept is served before everything below, with the headers they would add.
  app.use(earlyPublicAnswer(headersSetBy(siteHelmet)));
  // Payload's panel (/cms, /_next) gets its own policy with a nonce for Next's inline scripts; the storefront's
  // and the control centre's stay as strict as before.
  app.use((req, res, next) => (isPanelPath(req.path) ? panelSecurityHeaders : siteHelmet)(req, res, next));
  app.use(compression());
  // Before anything reads the request: a key that names a prototype (issue 29) is refused on every door. The
  // /api bodies are checked once express.raw has buffered them (prototypeKeys.bufferedBody below).
  const prototypeKeys = prototypeKeyGuard({
    isBufferedPath: (pathname) => /^\/api(\/|$)/.test(pathname),
    isFlightPath: isPanelPath,
  });
  app.use(prototypeKeys.request);
  // A path whose percent-encoding is malformed names nothing: 400 here, for the storefront's and the control
  // centre's paths alike, rather than the SPA's page or a router's decode error.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      return sendEnvelope(res, 'Invalid path', 400);
    }
    next();
  });

  app.get('/', (_req, res) => res.redirect(302, '/site'));
  // For the proxy and the orchestrator (docker-compose.yml), ahead of the rate limits and the SPA. /healthz:
  // the process answers (restart it when not); /readyz: it can serve (send it traffic), see services/health.ts.
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  const readiness = readinessCheck(payload);
  app.get('/readyz', async (_req, res, next) => {
    try {
      const { ready, checks } = await readiness();
      res
        .status(ready ? 200 : 503)
        .setHeader('Cache-Control', 'no-store')
        .json({ status: ready ? 'ready' : 'unavailable', checks });
    } catch (err) {
      next(err);
    }
  });

  const limiters = createRateLimiters();
  app.post('/api/v2/contacts', limiters.contact);
  app.get('/api/v2/orders/exist/:number', limiters.orderLookup);
  app.get('/api/v2/coupons/:code', limiters.couponCheck);
  app.post('/api/v2/payments/create', limiters.payment);
  app.post('/api/v2/payments/capture', limiters.capture);
  app.post('/api/v2/payments/webhook', limiters.webhook);
  app.post('/api/v2/notifications/:id/replies', limiters.reply);
  app.post('/api/v2/notifications/:id/replies/:reply/send', limiters.reply);

  // Only POST /api/v2/assets streams through unbuffered: it counts the bytes as they arrive. Payload's REST
  // upload (/api/assets) is buffered up to its file limit, so that a truncated body is refused with a 400
  // before Payload's multipart reader fails on it (assertPayloadCanRead). Every other body, whatever its
  // declared type, is held to the JSON limit.
  type BodyRequest = { url?: string; headers: Record<string, string | string[] | undefined> };
  const isStreamedUpload = (req: BodyRequest) => isMultipart(req) && /^\/v2\/assets(\/|\?|$)/.test(req.url ?? '');
  const isRestUpload = (req: BodyRequest) => isMultipart(req) && /^\/assets(\/|\?|$)/.test(req.url ?? '');
  const bufferRestUpload = express.raw({ type: isRestUpload, limit: REST_UPLOAD_LIMIT });
  const bufferBody = express.raw({
    type: (req) => !isStreamedUpload(req) && !isRestUpload(req),
    limit: JSON_BODY_LIMIT,
  });
  const toPayloadRequest = (req: Request): globalThis.Request => {
    const request = toFetchRequest(req);
    // Replaces any value the client sent under this name: the address is express's to tell.
    request.headers.set(CLIENT_ADDRESS_HEADER, req.ip ?? req.socket.remoteAddress ?? 'unknown');
    return request;
  };
  const bridge: RequestHandler = async (req, res, next) => {
    try {
      const request = toPayloadRequest(req);
      await assertPayloadCanRead(req, request, config);
      const response = await handleEndpoints({ config, request });
      await sendFetchResponse(res, response);
    } catch (err) {
      next(err);
    }
  };
  // The storefront's catalogue reads, answered from memory while the catalogue is unchanged.
  app.get(PUBLIC_CATALOGUE_PATHS, publicResponseCache(config, toPayloadRequest));
  app.use('/api', bufferRestUpload, bufferBody, prototypeKeys.bufferedBody, bridge);

  app.use('/assets', assetRoutes(payload));
  // Made from PUBLIC_URL and the catalogue, so served here rather than as files of the web build.
  app.get('/robots.txt', robotsRoute);
  app.get('/sitemap.xml', sitemapRoute(payload));

  app.use(cmsPanel(config));

  // The local PayPal stand-in (no credentials configured): Orders v2 subset plus the JS SDK stand-in. Loaded
  // only when switched on, so a shop that talks to PayPal never even imports it.
  const paypal = paypalSettings();
  if (paypal.mode === 'emulator') {
    const emulator = import('./paypal-emulator/emulator').then(({ createPayPalEmulator }) =>
      createPayPalEmulator({
        // The random secret from the data folder, the one this server's own PayPal client signs in with.
        clientSecret: paypal.clientSecret,
        webhookTarget: `${localOrigin()}/api/v2/payments/webhook`,
        webhookId: paypal.webhookId,
        webhookRetryBaseMs: env.paypalEmulatorRetryMs,
        stateFile: path.join(dataDir, 'paypal-emulator', 'orders.jsonl'),
        testHelpers: !isProduction,
      }),
    );
    app.use('/__paypal', (req, res, next) => {
      emulator.then((router) => router(req, res, next), next);
    });
  }

  if (fs.existsSync(webDistDir)) {
    // Hashed bundles are immutable; the two HTML entries are not (they name the current bundles).
    const webFiles = express.static(webDistDir, {
      index: false,
      maxAge: '1y',
      immutable: true,
      setHeaders: (res, file) => {
        // The market stall's worker and manifest (issue 32) keep their names across builds, like the pages.
        if (file.endsWith('.html') || /[\\/](market-sw\.js|market-stall\.webmanifest)$/.test(file))
          res.setHeader('Cache-Control', 'no-cache');
      },
    });
    // The storefront's and the control centre's pages are never files of the build: they skip the disk lookup
    // (a stat per page view, a good share of a cached page's cost under load).
    app.use((req, res, next) => (isPagePath(req.path) ? next() : webFiles(req, res, next)));
    // The storefront's page comes with a head filled for its URL (services/seo).
    const ssrEntry = path.join(webSsrDir, 'entry-server.js');
    const renderer = fs.existsSync(ssrEntry)
      ? createStorefrontRenderer({
          ssrEntry,
          webDistDir,
          publicOrigin: env.publicUrl,
          localOrigin: localOrigin(),
          config,
        })
      : null;
    if (!renderer)
      payload.logger.warn(`No ${ssrEntry}: storefront pages are drawn in the browser only (npm run build -w web)`);
    const storefrontPage = storefrontHtml(payload, path.join(webDistDir, 'index.html'), renderer, env.publicUrl);
    // Forms that work without JavaScript (issue 33): the tracking search is a GET of its page, the contact form
    // posts to its page; each is counted by the API route's own rate limit.
    app.get(TRACKING_PATH, (req, res, next) =>
      req.query[TRACKING_PARAM] === undefined ? next() : pageFormLimit(limiters.orderLookup)(req, res, next),
    );
    app.post(
      '/site/contact',
      sameSiteForm([env.publicUrl, ...env.corsOrigins]),
      express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT, parameterLimit: 20 }),
      pageFormLimit(limiters.contact),
      (req, res, next) => (req.accepts('html') ? storefrontPage(req, res, next) : next()),
    );
    // The control centre is its own entry (web/admin.html), so shoppers never download any of it.
    const controlCentreHtml = path.join(webDistDir, 'admin.html');
    app.get(/.*/, (req, res, next) => {
      if (!req.accepts('html')) return next();
      if (!isAdminPath(req.path)) return storefrontPage(req, res, next);
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(controlCentreHtml);
    });
  }

  app.use((_req, res) => sendEnvelope(res, MESSAGES.notFound.title, 404));
  app.use(envelopeErrorHandler);
  return app;
}
