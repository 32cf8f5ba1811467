import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  ScrollRestoration,
  type RouteObject,
} from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from './RouteError';

type ScreenModule = { default: ComponentType };

/** A lazily loaded screen that can also be asked to start loading before it renders. */
type Screen = LazyExoticComponent<ComponentType> & { preload: () => Promise<ScreenModule> };

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

function screen(load: () => Promise<ScreenModule>, options: { antd?: boolean } = {}): Screen {
  let loading: Promise<ScreenModule> | null = null;
  const get = () => (loading ??= options.antd ? withAntd(load) : load());
  return Object.assign(lazy(get), { preload: get });
}

// Every screen is its own chunk: a shopper on Home never downloads the contact form or the admin area.
const SiteShell = screen(() => import('./SiteShell'));
const Home = screen(() => import('../site/pages/Home'));
const Shop = screen(() => import('../site/pages/Shop'));
const Product = screen(() => import('../site/pages/Product'));
const Category = screen(() => import('../site/pages/Category'));
const Recipes = screen(() => import('../site/pages/Recipes'));
const Recipe = screen(() => import('../site/pages/Recipe'));
const About = screen(() => import('../site/pages/About'));
const Terms = screen(() => import('../site/pages/Terms'));
const Contact = screen(() => import('../site/pages/Contact'), { antd: true });
const Cart = screen(() => import('../site/pages/Cart'));
const Order = screen(() => import('../site/pages/Order'), { antd: true });
const Tracking = screen(() => import('../site/pages/Tracking'), { antd: true });
const NotFound = screen(() => import('../site/pages/NotFound'));

interface ScreenHandle {
  preload: () => Promise<ScreenModule>;
}

/** Pages inside the site layout share its Suspense; stand-alone elements get their own. */
const page = (Page: Screen) => ({ element: <Page />, handle: { preload: Page.preload } satisfies ScreenHandle });
const standalone = (Page: Screen) => ({
  element: (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  ),
  handle: { preload: Page.preload } satisfies ScreenHandle,
});

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/site" replace /> },
      {
        path: '/site',
        ...standalone(SiteShell),
        children: [
          { index: true, ...page(Home) },
          { path: 'shop', ...page(Shop) },
          { path: 'shop/:id', ...page(Product) },
          { path: 'category/:id', ...page(Category) },
          { path: 'recipes', ...page(Recipes) },
          { path: 'recipes/:id', ...page(Recipe) },
          { path: 'about', ...page(About) },
          { path: 'terms', ...page(Terms) },
          { path: 'contact', ...page(Contact) },
          { path: 'cart', ...page(Cart) },
          { path: 'orders/:id', ...page(Order) },
          { path: 'tracking', ...page(Tracking) },
          { path: '404', ...page(NotFound) },
          { path: '*', ...page(NotFound) },
        ],
      },

      // /admin/* is the control centre: a separate entry (admin.html) that the server serves for those paths.

      { path: '*', ...standalone(NotFound) },
    ],
  },
];

export const router = createBrowserRouter(routes);

/**
 * Starts downloading the screens the address will show (the shell and the page) at once, rather than each
 * only when the one before it has rendered and the shop config has arrived: the chunks, the config and the
 * page's data then travel side by side on a first visit.
 */
export function preloadScreens(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    void (match.route.handle as ScreenHandle | undefined)?.preload().catch(() => {
      // A chunk that fails here fails again when it renders, and the route's errorElement handles it there.
    });
  }
}
