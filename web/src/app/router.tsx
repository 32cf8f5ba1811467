import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { RouteError } from './RouteError';

// Every screen is its own chunk: a shopper on Home never downloads the contact form or the admin area.
const SiteShell = lazy(() => import('./SiteShell'));
const Home = lazy(() => import('../site/pages/Home'));
const Shop = lazy(() => import('../site/pages/Shop'));
const Product = lazy(() => import('../site/pages/Product'));
const Category = lazy(() => import('../site/pages/Category'));
const Recipes = lazy(() => import('../site/pages/Recipes'));
const Recipe = lazy(() => import('../site/pages/Recipe'));
const About = lazy(() => import('../site/pages/About'));
const Terms = lazy(() => import('../site/pages/Terms'));
const Contact = lazy(() => import('../site/pages/Contact'));
const Cart = lazy(() => import('../site/pages/Cart'));
const Order = lazy(() => import('../site/pages/Order'));
const Tracking = lazy(() => import('../site/pages/Tracking'));
const NotFound = lazy(() => import('../site/pages/NotFound'));

/** Pages inside the site layout share its Suspense; stand-alone elements get their own. */
const page = (Page: LazyExoticComponent<ComponentType>) => <Page />;
const standalone = (Page: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<PageLoader />}>
    <Page />
  </Suspense>
);

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/site" replace /> },
      {
        path: '/site',
        element: standalone(SiteShell),
        children: [
          { index: true, element: page(Home) },
          { path: 'shop', element: page(Shop) },
          { path: 'shop/:id', element: page(Product) },
          { path: 'category/:id', element: page(Category) },
          { path: 'recipes', element: page(Recipes) },
          { path: 'recipes/:id', element: page(Recipe) },
          { path: 'about', element: page(About) },
          { path: 'terms', element: page(Terms) },
          { path: 'contact', element: page(Contact) },
          { path: 'cart', element: page(Cart) },
          { path: 'orders/:id', element: page(Order) },
          { path: 'tracking', element: page(Tracking) },
          { path: '404', element: page(NotFound) },
          { path: '*', element: page(NotFound) },
        ],
      },

      // /admin/* is the control centre: a separate entry (admin.html) that the server serves for those paths.

      { path: '*', element: standalone(NotFound) },
    ],
  },
]);
