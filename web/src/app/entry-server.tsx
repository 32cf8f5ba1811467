/**
 * The storefront drawn on the server (issue 23): the same routes and components as the browser's SPA, rendered
 * to HTML with react-router's static router, from the same API answers the browser would have asked for. Built
 * by `vite build --config vite.ssr.config.ts` into web/dist-ssr; cms/services/seo/render.ts loads it.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { Envelope } from '@shop/shared';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ErrorPage } from '../components/ErrorPage';
import { ErrorBoundary } from './ErrorBoundary';
import { handoverMiddleware } from './handover';
import { preloadScreens, routes, screensFor } from './router';
import { setSiteOrigin } from './site-origin';
import { swrConfig } from './swr-config';

export { screensFor };

/** Answers one SWR key (an API path below /api/v2/) with its envelope, as the API would. */
export type FetchEnvelope = (key: string) => Promise<Envelope<unknown>>;

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** antd's style elements for the screens drawn with antd (empty for the others). */
  styles: string;
  /** What the page was drawn from, by key: handed over to the browser. */
  data: Record<string, Envelope<unknown>>;
  /** The source files of the screens on this page (the server links their CSS and modules). */
  sources: string[];
}

/**
 * Each pass draws the tree with what has been fetched so far and notes the keys it asked for; a key
 * that appears only once its parent has data (the page below the shell, which waits for the config) takes
 * another pass. Pages here need two or three.
 */
const MAX_PASSES = 5;

const { query, dataRoutes } = createStaticHandler(routes);

type StaticContext = Exclude<Awaited<ReturnType<typeof query>>, Response>;

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
 * Renders the page at `url` (path and query). Null when the address is not one the server draws (a shopper's
 * cart or order, or a path the router sends elsewhere).
 */
export async function renderPage(url: URL, origin: string, fetchEnvelope: FetchEnvelope): Promise<RenderedPage | null> {
  const screens = screensFor(url.pathname);
  if (!screens.serverRendered) return null;
  await preloadScreens(url.pathname);
  const context = await query(new Request(url));
  if (context instanceof Response) return null;

  const data: RenderedPage['data'] = {};
  for (let pass = 1; ; pass++) {
    const drawn = draw(context, data, origin);
    const missing = [...drawn.asked].filter((key) => !(key in data));
    if (missing.length === 0 || pass === MAX_PASSES) {
      return { html: drawn.html, styles: drawn.styles, data, sources: screens.sources };
    }
    const answers = await Promise.all(missing.map((key) => fetchEnvelope(key)));
    missing.forEach((key, index) => (data[key] = answers[index]));
  }
}
