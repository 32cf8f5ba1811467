/**
 * The storefront drawn on the server (issue 23): the same routes and components as the browser's SPA, rendered
 * to HTML with react-router's static handler and router. Each route's loader (site/route-data.ts) says what
 * its page reads and gets it from the shop's handlers in this process (issue 33); the page is drawn once. Built
 * by `vite build --config vite.ssr.config.ts` into web/dist-ssr; cms/services/seo/render.ts loads it.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { Envelope } from '@shop/shared';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ErrorPage } from '../components/ErrorPage';
import { ErrorBoundary } from './ErrorBoundary';
import type { PageData } from '../site/route-data';
import { type HandedOverRoutes, handoverMiddleware } from './handover';
import { preloadScreens, routes, screensFor } from './router';
import type { ServerRouteContext, ShopData } from './shop-data';
import { setSiteOrigin } from './site-origin';
import { swrConfig } from './swr-config';

export { screensFor };

export type { ShopData } from './shop-data';

export interface RenderedPage {
  /** The page's HTTP status: 200, or what its form's action answered (400 with the form's errors, 429). */
  status: number;
  /** The markup inside #root. */
  html: string;
  /** antd's style elements for the screens drawn with antd (empty for the others). */
  styles: string;
  /** What the page was drawn from, by key: handed over to the browser. */
  data: Record<string, Envelope<unknown>>;
  /** The routes' loader and action data besides the envelopes, handed over to the browser's router. */
  routes: HandedOverRoutes;
  /** The source files of the screens on this page (the server links their CSS and modules). */
  sources: string[];
  /**
   * Keys the page's hooks asked for that no loader of its routes named: drawn as still loading, and asked
   * for again by the browser. Always empty for a route whose loader is complete (tested).
   */
  unloaded: string[];
}

/** A loader or action that sends the shopper elsewhere (a tracking search that found its order). */
export interface RedirectedPage {
  redirect: string;
  status: number;
}

export interface PageRequest {
  /** The page's address (path and query). */
  url: URL;
  /** PUBLIC_URL: what rich text and the head call "this site". */
  origin: string;
  /** The shop's handlers, in this process. */
  shopData: ShopData;
  /** A form sent to the page without JavaScript (its action runs first). */
  form?: URLSearchParams;
}

const { query, dataRoutes } = createStaticHandler(routes);

type StaticContext = Exclude<Awaited<ReturnType<typeof query>>, Response>;

const isPageData = (value: unknown): value is PageData =>
  typeof value === 'object' && value !== null && 'data' in value;

/** The envelopes of every page loader on the page, and the rest of the routes' data by route id. */
function collect(context: StaticContext): { data: RenderedPage['data']; routes: HandedOverRoutes } {
  const data: RenderedPage['data'] = {};
  const loaderData: Record<string, unknown> = {};
  for (const [routeId, value] of Object.entries(context.loaderData)) {
    if (isPageData(value)) Object.assign(data, value.data);
    // The browser's loaders give nothing for a page loader (its hooks read the envelopes above).
    loaderData[routeId] = isPageData(value) ? null : (value ?? null);
  }
  return { data, routes: { loaderData, actionData: context.actionData } };
}

function draw(context: StaticContext, data: RenderedPage['data'], origin: string) {
  const asked = new Set<string>();
  const router = createStaticRouter(dataRoutes, context);
  const cache = createCache();
  const middleware = handoverMiddleware({ data, current: () => true, asked: (key) => asked.add(key) });
  // renderToString is synchronous: nothing else renders between setting the origin and putting it back.
  setSiteOrigin(origin);
  let html: string;
  try {
    html = renderToString(
      <StyleProvider cache={cache}>
        <SWRConfig value={{ ...swrConfig, use: [middleware], provider: () => new Map() }}>
          <ErrorBoundary fallback={<ErrorPage />}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ErrorBoundary>
        </SWRConfig>
      </StyleProvider>,
    );
  } finally {
    setSiteOrigin(null);
  }
  return { html, asked, styles: extractStyle(cache) };
}

/**
 * Draws the page at `url` once: its routes' loaders (and its action, for a posted form) run first, in this
 * process, and the tree is drawn from what they gave. Null when the address is not one the server draws (a
 * shopper's order, or a path the router sends elsewhere).
 */
export async function renderPage(page: PageRequest): Promise<RenderedPage | RedirectedPage | null> {
  const screens = screensFor(page.url.pathname);
  if (!screens.serverRendered) return null;
  const request = page.form
    ? new Request(page.url, {
        method: 'POST',
        body: page.form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    : new Request(page.url);
  const [, context] = await Promise.all([
    preloadScreens(page.url.pathname),
    query(request, { requestContext: { shopData: page.shopData } satisfies ServerRouteContext }),
  ]);
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (location && context.status >= 300 && context.status < 400)
      return { redirect: location, status: context.status };
    return null;
  }
  const { data, routes: handedOver } = collect(context);
  const drawn = draw(context, data, page.origin);
  return {
    status: context.statusCode,
    html: drawn.html,
    styles: drawn.styles,
    data,
    routes: handedOver,
    sources: screens.sources,
    unloaded: [...drawn.asked].filter((key) => !(key in data)),
  };
}
