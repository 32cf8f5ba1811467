import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import type { Payload } from 'payload';
import { shopCanonicalPath, siteUrls, TRACKING_PARAM, TRACKING_PATH } from '@shop/shared';
import { escapeHtml, fillTemplate, jsonForScript, renderHead } from './head';
import { type HeadedPage, normalisePath, notFoundPage, storefrontPage, type StorefrontPage } from './pages';
import type { PageVisit } from './in-process-api';
import { isRedirect, NoSuchPage, renderKey, type ServerRenderedPage, type StorefrontRenderer } from './render';
import { robotsTxt, sitemapXml } from './sitemap';

/** Crawlers come back often; an hour keeps them off the server without hiding a change for long. */
const CRAWLER_FILE_CACHE = 'public, max-age=3600';

export const robotsRoute: RequestHandler = (_req, res) => {
  res.type('text/plain').setHeader('Cache-Control', CRAWLER_FILE_CACHE).send(robotsTxt());
};

export function sitemapRoute(payload: Payload): RequestHandler {
  return async (_req, res, next) => {
    try {
      res
        .type('application/xml')
        .setHeader('Cache-Control', CRAWLER_FILE_CACHE)
        .send(await sitemapXml(payload));
    } catch (err) {
      next(err);
    }
  };
}

/**
 * The built index.html, read again only when the file changes (a new web build names new bundles): one stat
 * per page view instead of a read.
 */
function templateReader(file: string): () => Promise<string> {
  let copy: { mtimeMs: number; size: number; text: string; checkedAt: number } | null = null;
  return async () => {
    // Looked at once a second at most: a page view under load costs no system call.
    if (copy && Date.now() - copy.checkedAt < 1000) return copy.text;
    const stat = await fs.stat(file);
    if (copy) copy.checkedAt = Date.now();
    if (copy?.mtimeMs !== stat.mtimeMs || copy.size !== stat.size) {
      copy = { mtimeMs: stat.mtimeMs, size: stat.size, text: await fs.readFile(file, 'utf8'), checkedAt: Date.now() };
    }
    return copy.text;
  };
}

/**
 * The template with its app entry replaced by the boot script (web/src/app/boot.ts), which is handed the entry
 * and every module to fetch beside it (the entry's own imports, which the template preloads, and the page's
 * chunks): none of them is fetched before the page's first screen has loaded.
 */
function startedByBoot(template: string, boot: string, pageModules: readonly string[]): string {
  const appEntry = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(template);
  if (!appEntry) return template;
  const preloaded: string[] = [];
  const withoutPreloads = template.replace(
    /\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g,
    (_link: string, href: string) => {
      preloaded.push(href);
      return '';
    },
  );
  const modules = [...new Set([...preloaded, ...pageModules])].join(' ');
  const bootTag =
    `<script type="module" crossorigin src="${escapeHtml(boot)}" data-entry="${escapeHtml(appEntry[1])}"` +
    ` data-modules="${escapeHtml(modules)}"></script>`;
  return withoutPreloads.replace(appEntry[0], () => bootTag);
}

/** The JSON block a server-rendered page hands over to the SPA (web/src/app/handover.ts). */
const HANDOVER_ELEMENT_ID = 'shop-handover';

/**
 * The template with the server's drawing of the page: its markup inside #root, the data it was drawn from
 * (a JSON block: data, not a script, so the Content-Security-Policy stays "script-src 'self'"), and links to
 * the page's stylesheets and modules so that it is styled at first paint and hydrates without waiting for
 * chunk after chunk. Without a drawing (a shopper's cart or order, or a renderer that failed) the page is the
 * SPA's as before, with the shop's origin handed over alone.
 */
export function fillBody(template: string, origin: string, page: ServerRenderedPage | null): string {
  const handover = `<script type="application/json" id="${HANDOVER_ELEMENT_ID}">${jsonForScript(
    page && !drawnForTheBrowser.has(page) ? { origin, data: page.data, routes: page.routes } : { origin },
  )}</script>`;
  if (!page) return template.replace(/<div id="root"><\/div>/, () => `<div id="root"></div>\n    ${handover}`);
  // The page is readable without its scripts: they load at low priority, after what is on screen (the page's
  // pictures first), and its stylesheets travel inside it, so the first paint waits for no other request.
  const links = [`<style>${page.styleText.replace(/<\/style/gi, '<\\/style')}</style>`];
  const pageModules = page.modules.map(
    (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" fetchpriority="low">`,
  );
  const entryStyle = new Set(page.entryStylesheets);
  const styled = template.replace(
    /\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g,
    (link: string, href: string) => (entryStyle.has(href) ? '' : link),
  );
  const scripted = page.boot
    ? startedByBoot(styled, page.boot, page.modules)
    : styled
        .replace(/<(script type="module"|link rel="modulepreload")([^>]*)>/g, '<$1$2 fetchpriority="low">')
        .replace(/<\/head>/i, () => `${pageModules.join('\n    ')}\n  </head>`);
  return scripted
    .replace(/<\/head>/i, () => `${[...links, page.styles].filter(Boolean).join('\n    ')}\n  </head>`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${page.html}</div>\n    ${handover}`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/i, '');
}

/**
 * The storefront's HTML for one URL: the SPA's page with a head filled from the catalogue (title,
 * description, canonical URL, link-preview tags, structured data) and, for the public pages, the page itself
 * drawn on the server (services/seo/render.ts), so crawlers, link previews and shoppers without JavaScript
 * see what the page is and the rest see it before the scripts have run. A missing or unpublished record is
 * answered 404 with noindex; the SPA in it still shows its own not-found screen.
 */
export function storefrontHtml(
  payload: Payload,
  indexHtml: string,
  renderer: StorefrontRenderer | null,
  origin: string,
): RequestHandler {
  const template = templateReader(indexHtml);
  return async (req, res, next) => {
    let html: string;
    try {
      html = await template();
    } catch (err) {
      return next(err);
    }
    res.type('html').setHeader('Cache-Control', 'no-cache');
    let found: StorefrontPage;
    try {
      found = await storefrontPage(payload, req.path);
    } catch (err) {
      // The catalogue cannot be read: the SPA still loads (and shows its own error screen), with the shop's
      // generic head; 503 tells a crawler to come back rather than to index that.
      payload.logger.warn({ err, path: req.path }, 'Storefront page served without its head');
      return res.status(503).send(html);
    }
    if (found.status === 302) return res.setHeader('Cache-Control', 'no-store').redirect(302, found.location);
    let page: HeadedPage = found;
    let drawn: ServerRenderedPage | null = null;
    // A form sent to the page without JavaScript (express-app.ts parses it); only the page's own action takes it.
    const form = req.method === 'POST' ? formOf(req.body) : undefined;
    if (page.status === 200 && renderer) {
      try {
        const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '');
        const path = normalisePath(req.path);
        const outcome = await renderer.render(path, query, visitOf(req, res), form);
        // A tracking search that found its order: the order's page (never kept by a cache in between).
        if (isRedirect(outcome)) return res.setHeader('Cache-Control', 'no-store').redirect(303, outcome.redirect);
        drawn = outcome;
        // A sent form's page says how it went: 400 with the form's errors, 429 when sent too often.
        if (drawn && drawn.status !== 200) page = { ...page, status: formStatus(drawn.status) };
        if (form || (path === TRACKING_PATH && query.has(TRACKING_PARAM))) res.setHeader('Cache-Control', 'no-store');
        // Only a page the renderer found there (not one past the list's end) is given its own address.
        if (drawn && path === SHOP_PATH) page = shopListPage(page, drawn, query, origin);
      } catch (err) {
        // A made-up page number names no page (and is not kept: services/seo/render.ts).
        if (err instanceof NoSuchPage) page = notFoundPage();
        // The browser draws it as before: slower to paint, but the shop works.
        else payload.logger.warn({ err, path: req.path }, 'Storefront page not rendered on the server');
      }
    }
    // An address that names no page is answered with the not-found screen drawn too: readable without
    // JavaScript, with its way home (issue 33).
    if (page.status === 404 && renderer) drawn = await notFoundDrawing(payload, renderer, req, res);
    const body = assembled(html, page, drawn, origin);
    res.status(page.status).setHeader('Vary', 'Accept-Encoding');
    // Compressed once per page and build, not once per view (the compression middleware leaves an encoded
    // body alone).
    // The validator is the page's own, computed once (express would hash the body again on every view).
    res.setHeader('ETag', body.etag);
    if (req.acceptsEncodings('gzip') === 'gzip') res.setHeader('Content-Encoding', 'gzip').send(body.gzip());
    else res.send(body.plain);
  };
}

const SHOP_PATH = '/site/shop';

/** Who the page is drawn for, as its loaders' calls tell the API's handlers (in-process-api.ts). */
const visitOf = (req: Request, res: Response): PageVisit => ({
  clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
  rateLimited: res.locals.pageFormRateLimited === true,
});

/**
 * Addresses the app's router gives to a page of their own even when there is nothing there: a product, a
 * category or a recipe that is missing (the page finds out, and moves on to /site/404 as it always has, SPEC
 * §8), and a shop page past the list's end.
 */
const ROUTED_ELSEWHERE = /^\/site\/(shop|(shop|category|recipes)\/[^/]+)$/;

/**
 * Not-found drawings handed over without their data, so that the app draws its own page over them rather than
 * hydrating them (main.tsx): at their address the router shows another page than the drawing's.
 */
const drawnForTheBrowser = new WeakSet<ServerRenderedPage>();
const browserCopies = new WeakMap<ServerRenderedPage, ServerRenderedPage>();

/**
 * The not-found screen for a 404 answer, drawn as the router draws it there: /site/404 (the shop's header and
 * footer around it) in the storefront, the screen alone elsewhere. One drawing each, kept like any page's, so
 * made-up addresses add nothing to the cache. Null when the renderer fails: the app then draws it, as before.
 */
async function notFoundDrawing(
  payload: Payload,
  renderer: StorefrontRenderer,
  req: Request,
  res: Response,
): Promise<ServerRenderedPage | null> {
  const path = normalisePath(req.path);
  const visit = visitOf(req, res);
  try {
    const outcome = await renderer.render(
      /^\/site(\/|$)/.test(path) ? '/site/404' : '/404',
      new URLSearchParams(),
      visit,
    );
    if (!outcome || isRedirect(outcome)) return null;
    if (!ROUTED_ELSEWHERE.test(path)) return outcome;
    let copy = browserCopies.get(outcome);
    if (!copy) {
      copy = { ...outcome };
      drawnForTheBrowser.add(copy);
      browserCopies.set(outcome, copy);
    }
    return copy;
  } catch (err) {
    payload.logger.warn({ err, path: req.path }, 'Not-found page not rendered on the server');
    return null;
  }
}

/** What a page drawn from a sent form answers with (entry-server's status: its action's). */
const formStatus = (status: number): HeadedPage['status'] =>
  status === 400 || status === 404 || status === 429 || status === 503 ? status : 200;

/** The fields of a form body express parsed (urlencoded, flat): anything else is an empty form. */
function formOf(body: unknown): URLSearchParams {
  const form = new URLSearchParams();
  if (typeof body !== 'object' || body === null) return form;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') form.append(name, value);
  }
  return form;
}

/**
 * The shop's head for one page of its list, kept beside the drawing of that page (so a finished page is
 * reused as long as the drawing is): each later page of the list is its own canonical address, where the
 * cached head (one per path) names page 1 (issue 31 §9).
 */
const listPages = new WeakMap<ServerRenderedPage, { base: HeadedPage; page: HeadedPage }>();

function shopListPage(base: HeadedPage, drawn: ServerRenderedPage, query: URLSearchParams, origin: string): HeadedPage {
  const key = new URLSearchParams(renderKey(SHOP_PATH, query).split('?')[1] ?? '');
  const canonicalPath = shopCanonicalPath(key.get('search') ?? '', Number(key.get('page') ?? 1));
  if (canonicalPath === SHOP_PATH) return base;
  const kept = listPages.get(drawn);
  if (kept?.base === base) return kept.page;
  const page: HeadedPage = {
    ...base,
    head: { ...base.head, canonical: siteUrls(origin).page(canonicalPath) },
  };
  listPages.set(drawn, { base, page });
  return page;
}

interface AssembledPage {
  template: string;
  page: StorefrontPage;
  plain: Buffer;
  etag: string;
  gzip: () => Buffer;
}

/**
 * The finished page for a template, a head and a drawing, kept beside the cached drawing (or head) it was
 * made from: a page view that hits the cache writes bytes, without filling the template again.
 */
const finished = new WeakMap<object, AssembledPage>();

function assembled(
  template: string,
  page: HeadedPage,
  drawn: ServerRenderedPage | null,
  origin: string,
): AssembledPage {
  const owner: object = drawn ?? page;
  const kept = finished.get(owner);
  if (kept && kept.template === template && kept.page === page) return kept;
  const plain = Buffer.from(fillBody(fillTemplate(template, renderHead(page.head)), origin, drawn));
  let gzipped: Buffer | null = null;
  const etag = `W/"${createHash('sha1').update(plain).digest('base64url')}"`;
  const made: AssembledPage = { template, page, plain, etag, gzip: () => (gzipped ??= gzipSync(plain)) };
  finished.set(owner, made);
  return made;
}
