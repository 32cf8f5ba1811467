import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom';
import { RouteError } from './RouteError';

/**
 * The storefront's loaders and its contact action, in a chunk of their own: they check input with the shared
 * schemas (zod), which a page's first paint and hydration do not need (hydration starts from the server's
 * data, main.tsx). The server and a move within the app load the chunk when a loader first runs.
 */
type RouteData = typeof import('../site/route-data');
const routeData = () => import('../site/route-data');
type LoaderName = Extract<keyof RouteData, `${string}Loader`>;
const loader =
  (name: LoaderName) =>
  async (args: LoaderFunctionArgs): Promise<unknown> =>
    (await routeData())[name](args);
const contactAction = async (args: ActionFunctionArgs) => (await routeData()).contactAction(args);

type ScreenModule = { default: ComponentType };

/** A lazily loaded screen that can also be asked to start loading before it renders. */
type Screen = LazyExoticComponent<ComponentType> & { preload: () => Promise<ScreenModule>; sources: string[] };

/**
 * A screen still drawn with antd (forms, the order page) arrives together with a themed AntdScope, so antd
 * is downloaded only by the shoppers who open one of these.
 */
async function withAntd(load: () => Promise<ScreenModule>): Promise<ScreenModule> {
  const [{ default: Page }, { AntdScope }] = await Promise.all([load(), import('./AntdScope')]);
  return {
    default: function AntdPage() {
      return (
        <AntdScope>
          <Page />
        </AntdScope>
      );
    },
  };
}

/**
 * React.lazy reads a thenable that calls back at once as already resolved. A screen whose module has arrived
 * (preloaded before hydration in the browser, and always on the server) therefore renders in the same pass,
 * without a Suspense fallback: the server writes the page, and hydration finds exactly what it wrote.
 */
const settled = (module: ScreenModule): Promise<ScreenModule> =>
  ({ then: (resolve: (value: ScreenModule) => unknown) => resolve(module) }) as unknown as Promise<ScreenModule>;

function screen(load: () => Promise<ScreenModule>, options: { antd?: boolean; source?: string } = {}): Screen {
  let loading: Promise<ScreenModule> | null = null;
  let loaded: ScreenModule | null = null;
  const get = () =>
    (loading ??= (options.antd ? withAntd(load) : load()).then((module) => {
      loaded = module;
      return module;
    }));
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : get())),
    { preload: get, sources: [options.source ?? '', ...(options.antd ? [ANTD_SCOPE_SOURCE] : [])].filter(Boolean) },
  );
}

// Every screen is its own chunk: a shopper on Home never downloads the contact form or the admin area. Each
// names its source file too: the server looks it up in Vite's build manifest to link the page's stylesheets
// and modules from the HTML it renders (cms/services/seo/render.ts).
const SiteShell = screen(() => import('./SiteShell'), { source: 'src/app/SiteShell.tsx' });
const Home = screen(() => import('../site/pages/Home'), { source: 'src/site/pages/Home.tsx' });
const Shop = screen(() => import('../site/pages/Shop'), { source: 'src/site/pages/Shop.tsx' });
const Product = screen(() => import('../site/pages/Product'), { source: 'src/site/pages/Product.tsx' });
const Category = screen(() => import('../site/pages/Category'), { source: 'src/site/pages/Category.tsx' });
const Recipes = screen(() => import('../site/pages/Recipes'), { source: 'src/site/pages/Recipes.tsx' });
const Recipe = screen(() => import('../site/pages/Recipe'), { source: 'src/site/pages/Recipe.tsx' });
const About = screen(() => import('../site/pages/About'), { source: 'src/site/pages/About.tsx' });
const Terms = screen(() => import('../site/pages/Terms'), { source: 'src/site/pages/Terms.tsx' });
const Contact = screen(() => import('../site/pages/Contact'), { antd: true, source: 'src/site/pages/Contact.tsx' });
const Cart = screen(() => import('../site/pages/Cart'), { source: 'src/site/pages/Cart.tsx' });
const Order = screen(() => import('../site/pages/Order'), { antd: true, source: 'src/site/pages/Order.tsx' });
const Tracking = screen(() => import('../site/pages/Tracking'), { antd: true, source: 'src/site/pages/Tracking.tsx' });
const NotFound = screen(() => import('../site/pages/NotFound'), { source: 'src/site/pages/NotFound.tsx' });

/** The source files a screen's chunk is built from: its own, and AntdScope's for the screens that use antd. */
const ANTD_SCOPE_SOURCE = 'src/app/AntdScope.tsx';

interface ScreenHandle {
  preload: () => Promise<ScreenModule>;
  sources: string[];
  /** Rendered on the server (public pages, the cart as its shell); a shopper's order is drawn in the browser only. */
  serverRendered: boolean;
}

const handle = (Page: Screen, serverRendered: boolean): ScreenHandle => ({
  preload: Page.preload,
  sources: Page.sources,
  serverRendered,
});

/** Pages inside the site layout share its Suspense; stand-alone elements get their own. */
const page = (Page: Screen, serverRendered = true) => ({ element: <Page />, handle: handle(Page, serverRendered) });
const standalone = (Page: Screen) => ({
  element: (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  ),
  handle: handle(Page, true),
});

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * Every route has an id of its own: the server hands over its loaders' data by route id, and the browser's
 * router starts from it (main.tsx), so the two must name routes alike whatever the order of the list.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { id: 'root-redirect', path: '/', element: <Navigate to="/site" replace /> },
      {
        id: 'site',
        path: '/site',
        ...standalone(SiteShell),
        loader: loader('shellLoader'),
        // The shell's config is kept fresh by the shop state (SPEC §7), not by moving between pages.
        shouldRevalidate: () => false,
        children: [
          { id: 'home', index: true, ...page(Home), loader: loader('homeLoader') },
          { id: 'shop', path: 'shop', ...page(Shop), loader: loader('shopLoader') },
          { id: 'product', path: 'shop/:id', ...page(Product), loader: loader('productLoader') },
          { id: 'category', path: 'category/:id', ...page(Category), loader: loader('categoryLoader') },
          { id: 'recipes', path: 'recipes', ...page(Recipes), loader: loader('recipesLoader') },
          { id: 'recipe', path: 'recipes/:id', ...page(Recipe), loader: loader('recipeLoader') },
          { id: 'about', path: 'about', ...page(About) },
          { id: 'terms', path: 'terms', ...page(Terms) },
          { id: 'contact', path: 'contact', ...page(Contact), action: contactAction },
          { id: 'cart', path: 'cart', ...page(Cart) },
          { id: 'order', path: 'orders/:id', ...page(Order, false) },
          { id: 'tracking', path: 'tracking', ...page(Tracking), loader: loader('trackingLoader') },
          { id: 'not-found', path: '404', ...page(NotFound) },
          { id: 'site-not-found', path: '*', ...page(NotFound) },
        ],
      },

      // /admin/* is the control centre: a separate entry (admin.html) that the server serves for those paths.

      { id: 'not-found-anywhere', path: '*', ...standalone(NotFound) },
    ],
  },
];

const handlesFor = (pathname: string): ScreenHandle[] =>
  (matchRoutes(routes, pathname) ?? []).flatMap((match) =>
    match.route.handle ? [match.route.handle as ScreenHandle] : [],
  );

/**
 * Starts downloading the screens the address will show (the shell and the page) at once, rather than each
 * only when the one before it has rendered and the shop config has arrived: the chunks, the config and the
 * page's data then travel side by side on a first visit. Resolves when all have arrived (never rejects: a
 * chunk that fails here fails again when it renders, and the route's errorElement handles it there).
 */
export async function preloadScreens(pathname: string): Promise<void> {
  await Promise.all(handlesFor(pathname).map((screen) => screen.preload().catch(() => undefined)));
}

/** Whether the server renders this path (every screen on it is a public page), and the sources it is built from. */
export function screensFor(pathname: string): { serverRendered: boolean; sources: string[] } {
  const handles = handlesFor(pathname);
  return {
    serverRendered: handles.length > 0 && handles.every((screen) => screen.serverRendered),
    sources: handles.flatMap((screen) => screen.sources),
  };
}
