import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preload } from 'swr';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { ErrorPage } from '../components/ErrorPage';
import { fetchResult } from '../lib/api';
import { configKey } from '../site/api/config';
import { ErrorBoundary } from './ErrorBoundary';
import { handoverMiddleware, readHandover } from './handover';
import { SiteProviders } from './site-providers';
import { preloadScreens, routes } from './router';
import { setSiteOrigin } from './site-origin';
import './global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

const handover = readHandover();
if (handover) setSiteOrigin(handover.origin);

/**
 * The router starts from what the server's loaders and action gave (the hand-over), so hydration runs none of
 * them again. A route the server did not draw starts from nothing: its page's hooks ask for their data, as
 * they would after the loader had started it.
 */
function hydrationData() {
  const loaderData: Record<string, unknown> = {};
  for (const match of matchRoutes(routes, window.location) ?? []) {
    if (match.route.loader && match.route.id) loaderData[match.route.id] = null;
  }
  Object.assign(loaderData, handover?.routes?.loaderData);
  return { loaderData, actionData: handover?.routes?.actionData ?? null };
}
const router = createBrowserRouter(routes, { hydrationData: hydrationData() });

// The hand-over describes the page the server drew, the location the router starts on; once the shopper moves
// on, every screen asks the API. That location's key is not always "default": a reload after a move within
// the app (a search typed in the shop) starts on the history entry the app made, key and all. And the router
// changes its state without moving too: on such a reload it restores the scroll position ScrollRestoration
// kept for that key, at hydration. Only another location leaves the served page (issue 31 §1: counting that
// restore as a move made the page ask for its data again while it hydrated, and React threw its HTML away).
const servedKey = router.state.location.key;
let onServedPage = true;
const stopListening = router.subscribe((state) => {
  if (state.location.key !== servedKey) {
    onServedPage = false;
    stopListening();
  }
});
const middleware = handover?.data ? handoverMiddleware({ data: handover.data, current: () => onServedPage }) : null;

const app = (
  <StrictMode>
    <SiteProviders use={middleware ? [middleware] : undefined}>
      <ErrorBoundary fallback={<ErrorPage />}>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </SiteProviders>
  </StrictMode>
);

if (handover?.data) {
  // The server drew this page. Hydration starts at once, so a click from here on is replayed once the part it
  // landed on is live; a screen whose chunk is still on its way keeps the server's markup (its Suspense
  // boundary stays dehydrated) until it arrives.
  void preloadScreens(window.location.pathname);
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (React hydrates a root at default priority in one piece otherwise): the page
  // answers a tap sooner, and no long task blocks the shopper's first interaction.
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError(error) {
        // A page that could not be hydrated as drawn is drawn again in the browser; worth a line in the console.
        console.error('Hydration:', error);
      },
    });
  });
} else {
  // The first screen's chunks and the shop config are fetched side by side, not one after another.
  void preloadScreens(window.location.pathname);
  void preload(configKey, fetchResult).catch(() => {
    // The shell's own request of the config reports a failure (SPEC §2's full-page error).
  });
  createRoot(container).render(app);
}
