import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type Envelope,
  HOME_NOTICE_PARAM,
  TRACKING_PARAM,
  TRACKING_PATH,
  listQuerySchema,
  ORDER_NOT_FOUND_HOME,
  ORDER_NOT_FOUND_NOTICE,
} from '@shop/shared';
import type { SanitizedConfig } from 'payload';
import { approximateBytes, cached } from '../../lib/catalog-cache';
import { inProcessApi, type PageVisit, type ShopData } from './in-process-api';

/**
 * The storefront drawn on the server (issue 23): web/dist-ssr/entry-server.js renders the public pages with
 * the SPA's own components; its routes' loaders get their data from the shop's own handlers in this process
 * (in-process-api.ts, issue 33). This module loads it and keeps the result in the catalogue cache, so a product
 * saved (or a scheduled one coming due, or the settings changed) drops its pages together with the API
 * answers they were drawn from.
 */

/** What web/src/app/entry-server.tsx exports (the web workspace's types are not the server's to import). */
interface ServerRenderer {
  renderPage(page: {
    url: URL;
    origin: string;
    shopData: ShopData;
    form?: URLSearchParams;
  }): Promise<RenderedPage | RedirectedPage | null>;
}

export interface RenderedPage {
  status: number;
  html: string;
  styles: string;
  data: Record<string, Envelope<unknown>>;
  routes: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null };
  sources: string[];
  /** Keys the page asked for that no loader named (see entry-server.tsx); empty on every page today. */
  unloaded: string[];
}

/** A tracking search that found its order sends the shopper to it. */
export interface RedirectedPage {
  redirect: string;
  status: number;
}

export const isRedirect = (page: ServerRenderedPage | RedirectedPage | null): page is RedirectedPage =>
  page !== null && 'redirect' in page;

/** A rendered page and the files the browser should fetch with it. */
export interface ServerRenderedPage extends RenderedPage {
  /** Stylesheets of the page's chunks, which the entry's own HTML does not link yet. */
  stylesheets: string[];
  /**
   * The text of every stylesheet the page needs (the entry's first, then the chunks'), written into the page
   * itself: a first paint waits for no stylesheet request. About 6 KiB gzipped.
   */
  styleText: string;
  /** The entry's own stylesheets, which index.html links and the inline copy replaces. */
  entryStylesheets: string[];
  /** The page's modules, preloaded so they travel beside the entry instead of after it. */
  modules: string[];
  /**
   * The build's first script for drawn pages (web/src/app/boot.ts), which starts the app once what is on screen
   * has loaded; null in a build without it, whose pages load the app at once.
   */
  boot: string | null;
}

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The shop's list is the one page a query changes much: its page number and its search. Home changes with one
 * value of one parameter, the notice that says why a shopper was sent there (a missing order, SPEC §8). Any
 * other parameter (a campaign's utm_source, a cache-buster), and any parameter on another page, draws the
 * same page, and is left out so that it does not fill the cache.
 */
const SHOP_PATH = '/site/shop';
const HOME_PATH = '/site';

/** The boot script's key in the web build's manifest (web/vite.config.ts). */
const BOOT_SOURCE = 'src/app/boot.ts';

/**
 * A storefront address that names no page: a `page` that is not a whole number from 1 to MAX_PAGE (or is
 * given twice), or a page past the last one. Answered 404 and never kept, so made-up page numbers cannot fill
 * the cache (issue 29).
 */
export class NoSuchPage extends Error {}

/** The `page` of a shop address as a number, 1 without one; NoSuchPage for anything else. */
function shopPage(search: URLSearchParams): number {
  const values = search.getAll('page');
  if (values.length === 0) return 1;
  const parsed = listQuerySchema.shape.page.safeParse(values[0]);
  if (values.length > 1 || !parsed.success || parsed.data === undefined) {
    throw new NoSuchPage(`No such page of the shop: ?page=${values.join('&page=')}`);
  }
  return parsed.data;
}

/** The page's cache key and the address it is drawn from: the path and what of the query changes it. */
export function renderKey(pathname: string, search: URLSearchParams): string {
  if (pathname === HOME_PATH && search.get(HOME_NOTICE_PARAM) === ORDER_NOT_FOUND_NOTICE) return ORDER_NOT_FOUND_HOME;
  if (pathname !== SHOP_PATH) return pathname;
  const kept = new URLSearchParams();
  const text = (search.get('search') ?? '').trim();
  if (text !== '') kept.set('search', text);
  const page = shopPage(search);
  if (page > 1) kept.set('page', String(page));
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Whether a drawn shop page lies past the last page of its list: its own list answer (`products?…page=N`)
 * came back empty. Page 1 of an empty list is still the shop.
 */
function pastTheEnd(key: string, data: RenderedPage['data']): boolean {
  const page = new URL(key, 'http://x').searchParams.get('page');
  if (page === null) return false;
  return Object.entries(data).some(([asked, envelope]) => {
    const [path, query = ''] = asked.split('?');
    return (
      path === 'products' &&
      new URLSearchParams(query).get('page') === page &&
      envelope.status === 200 &&
      Array.isArray(envelope.result) &&
      envelope.result.length === 0
    );
  });
}

/**
 * What a drawn page weighs in the cache: the drawing, and the finished HTML that routes.ts keeps beside it
 * for as long as the drawing lives (the template, the drawing and its data again, plus a gzipped copy).
 */
const drawnPageBytes = (page: ServerRenderedPage | RedirectedPage | null) =>
  page && !isRedirect(page) ? 3 * approximateBytes(page) : 64;

export interface StorefrontRenderer {
  /**
   * The page for this path and query, a redirect, or null when it is drawn in the browser only. `form` is a
   * form posted to the page without JavaScript (its route's action runs first; such a page is never kept).
   */
  render(
    pathname: string,
    search: URLSearchParams,
    visit: PageVisit,
    form?: URLSearchParams,
  ): Promise<ServerRenderedPage | RedirectedPage | null>;
}

/**
 * A module that other chunks import too (AntdScope: the toasts' host loads it as well) is not keyed by its
 * source but by its chunk's name and hash; its name is the file's.
 */
function sharedChunk(manifest: Manifest, source: string): ManifestChunk | undefined {
  const name = path.basename(source).replace(/\.[^.]+$/, '');
  return Object.entries(manifest).find(([key, chunk]) => key.startsWith('_') && chunk.name === name)?.[1];
}

/** Every chunk a set of sources needs, through its static imports, in load order, once each. */
function chunksOf(manifest: Manifest, keys: readonly string[]): ManifestChunk[] {
  const seen = new Set<string>();
  const out: ManifestChunk[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key] ?? sharedChunk(manifest, key);
    if (!chunk) throw new Error(`web/dist/.vite/manifest.json has no chunk for ${key}: rebuild the SPA`);
    for (const imported of chunk.imports ?? []) visit(imported);
    out.push(chunk);
  };
  keys.forEach(visit);
  return out;
}

export function createStorefrontRenderer(options: {
  ssrEntry: string;
  webDistDir: string;
  /** PUBLIC_URL: links in rich text are judged against it, on both sides of hydration. */
  publicOrigin: string;
  /** The address the API's handlers see in their requests (http://127.0.0.1:$PORT). */
  localOrigin: string;
  config: Promise<SanitizedConfig> | SanitizedConfig;
}): StorefrontRenderer {
  const shopDataFor = inProcessApi(options.config, options.localOrigin);
  const manifestFile = path.join(options.webDistDir, '.vite', 'manifest.json');
  /**
   * The renderer is loaded once per process: its chunks import the entry back by its plain URL, so a second
   * copy under another URL would split React's and SWR's contexts in two. A new web build takes a restart
   * (`npm start` rebuilds before it starts); until then pages keep linking the bundles of the manifest on disk.
   */
  let rendererLoading: Promise<ServerRenderer> | null = null;
  const rendererModule = () =>
    (rendererLoading ??= (import(pathToFileURL(options.ssrEntry).href) as Promise<ServerRenderer>).catch((err) => {
      rendererLoading = null;
      throw err;
    }));
  type Build = {
    renderer: ServerRenderer;
    manifest: Manifest;
    version: string;
    css: Map<string, string>;
    /** The chunks index.html itself loads, which a page's links leave out. */
    entryChunks: Set<ManifestChunk>;
  };
  let loading: { version: string; build: Promise<Build> } | null = null;
  /**
   * The manifest of the current web build and its stylesheets, read again at the next page view after a new
   * build (as the HTML template is, routes.ts): pages never link bundles that are gone.
   */
  let checked: { at: number; version: string } | null = null;
  const load = async (): Promise<Build> => {
    // The manifest is looked at once a second at most: a page view under load costs no system call.
    if (!checked || Date.now() - checked.at >= 1000) {
      const stat = await fs.stat(manifestFile);
      checked = { at: Date.now(), version: `${stat.mtimeMs}-${stat.size}` };
    }
    const { version } = checked;
    if (loading?.version !== version) {
      const build = (async () => {
        const [renderer, manifestText] = await Promise.all([rendererModule(), fs.readFile(manifestFile, 'utf8')]);
        const manifest = JSON.parse(manifestText) as Manifest;
        // Every stylesheet of the build, read once: together some 60 KiB.
        const files = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))];
        const texts = await Promise.all(files.map((file) => fs.readFile(path.join(options.webDistDir, file), 'utf8')));
        const css = new Map(files.map((file, index) => [`/${file}`, texts[index]]));
        return { renderer, manifest, version, css, entryChunks: new Set(chunksOf(manifest, ['index.html'])) };
      })();
      loading = { version, build };
      // Tried again on the next page view.
      build.catch(() => loading?.build === build && (loading = null));
    }
    return loading.build;
  };

  return {
    async render(pathname, search, visit, form) {
      const tracking = pathname === TRACKING_PATH && search.has(TRACKING_PARAM);
      // The tracking search (site/route-data.ts) is the one parameter of that page, kept whole for its loader: a
      // lookup for one shopper, drawn for them and never kept.
      const key = tracking
        ? `${TRACKING_PATH}?${new URLSearchParams({ [TRACKING_PARAM]: search.get(TRACKING_PARAM) ?? '' })}`
        : renderKey(pathname, search);
      const { renderer, manifest, version, css, entryChunks } = await load();
      const draw = async (): Promise<ServerRenderedPage | RedirectedPage | null> => {
        const page = await renderer.renderPage({
          url: new URL(key, options.localOrigin),
          origin: options.publicOrigin,
          shopData: shopDataFor(visit),
          form,
        });
        if (!page || 'redirect' in page) return page;
        // A page drawn from an answer that failed (or was turned away) is not the page, and must not be kept:
        // shoppers get the browser's own drawing instead.
        if (Object.values(page.data).some((envelope) => envelope.status >= 500 || envelope.status === 429)) {
          throw new Error(`A storefront API call failed while rendering ${key}`);
        }
        if (pastTheEnd(key, page.data)) throw new NoSuchPage(`No such page of the shop: ${key}`);
        const chunks = chunksOf(manifest, page.sources).filter((chunk) => !entryChunks.has(chunk));
        const cssOf = (list: Iterable<ManifestChunk>) =>
          [...new Set([...list].flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`);
        const entryStylesheets = cssOf(entryChunks);
        const stylesheets = cssOf(chunks);
        return {
          ...page,
          stylesheets,
          entryStylesheets,
          styleText: [...entryStylesheets, ...stylesheets].map((href) => css.get(href) ?? '').join('\n'),
          modules: chunks.map((chunk) => `/${chunk.file}`),
          boot: manifest[BOOT_SOURCE] ? `/${manifest[BOOT_SOURCE].file}` : null,
        };
      };
      // A search is anyone's to make up: drawn on demand (from cached API answers), never kept, so that
      // made-up searches cannot push the catalogue's real pages out of the cache. A tracking search and a sent
      // form are one shopper's, and are never kept either.
      if (form || tracking || new URLSearchParams(key.split('?')[1] ?? '').has('search')) return draw();
      return cached(`ssr-page:${version}:${key}`, draw, drawnPageBytes);
    },
  };
}
