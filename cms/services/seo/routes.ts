import fs from 'node:fs/promises';
import type { RequestHandler } from 'express';
import type { Payload } from 'payload';
import { fillTemplate, renderHead } from './head';
import { storefrontPage } from './pages';
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
  let copy: { mtimeMs: number; size: number; text: string } | null = null;
  return async () => {
    const stat = await fs.stat(file);
    if (copy?.mtimeMs !== stat.mtimeMs || copy.size !== stat.size) {
      copy = { mtimeMs: stat.mtimeMs, size: stat.size, text: await fs.readFile(file, 'utf8') };
    }
    return copy.text;
  };
}

/**
 * The storefront's HTML for one URL: the SPA's page with a head filled from the catalogue (title,
 * description, canonical URL, link-preview tags, structured data), so crawlers and link previews that run no
 * JavaScript see what the page is. A missing or unpublished record is answered 404 with noindex; the SPA in
 * it still shows its own not-found screen.
 */
export function storefrontHtml(payload: Payload, indexHtml: string): RequestHandler {
  const template = templateReader(indexHtml);
  return async (req, res, next) => {
    let html: string;
    try {
      html = await template();
    } catch (err) {
      return next(err);
    }
    res.type('html').setHeader('Cache-Control', 'no-cache');
    try {
      const page = await storefrontPage(payload, req.path);
      res.status(page.status).send(fillTemplate(html, renderHead(page.head)));
    } catch (err) {
      // The catalogue cannot be read: the SPA still loads (and shows its own error screen), with the shop's
      // generic head; 503 tells a crawler to come back rather than to index that.
      payload.logger.warn({ err, path: req.path }, 'Storefront page served without its head');
      res.status(503).send(html);
    }
  };
}
