/**
 * The stall screen's service worker (issue 32 §2), scope /admin/market/. Built by vite-plugin-pwa's
 * injectManifest (vite.admin.config.ts), which writes the control centre's build into __WB_MANIFEST: once the
 * stall has been opened with signal, its page, scripts, styles and the pictures it showed load with none.
 * The catalogue and the day are not cached here: the page keeps its own copy of them in IndexedDB and says
 * when it shows that copy. Sales never go through a cache: the page queues them itself.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { STALL_PICTURES_CACHE, STALL_SCOPE, STALL_SHELL_URL } from '../admin/routes/market/stall/offline-names';

// The worker's globals, without the webworker lib (it would clash with the DOM lib the rest of web/ uses).
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
}
const worker = self as unknown as WorkerScope;

// Written out as `self.__WB_MANIFEST`: injectManifest looks for exactly that text in the built worker.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// A new build takes over at once: a stall opened with signal is ready for the afternoon without signal.
worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

const NAVIGATION_TIMEOUT_MS = 4000;

/** The server's page when it answers in time (it names the newest build), else the page kept at install. */
async function stallPage({ request }: { request: Request }): Promise<Response> {
  try {
    return await fetch(request, { signal: AbortSignal.timeout(NAVIGATION_TIMEOUT_MS) });
  } catch {
    return (await matchPrecache(STALL_SHELL_URL)) ?? Response.error();
  }
}
registerRoute(new NavigationRoute(stallPage, { allowlist: [new RegExp(`^${STALL_SCOPE.replace(/\//g, '\\/')}`)] }));

// Pictures: what the phone has at once, refreshed behind it when there is signal. ignoreVary: the page stores
// them with its own fetch, whose headers differ from an <img>'s.
registerRoute(
  ({ url, request }) =>
    url.origin === worker.location.origin && url.pathname.startsWith('/assets/') && request.destination === 'image',
  new StaleWhileRevalidate({
    cacheName: STALL_PICTURES_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin({ maxEntries: 400 })],
  }),
);
