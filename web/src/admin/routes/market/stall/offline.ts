/**
 * The stall page's side of working offline: its service worker, its web app manifest (so the phone offers to
 * install it) and the product pictures kept for a market with no signal.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { STALL_PICTURES_CACHE, STALL_SCOPE, STALL_WORKER_URL } from './offline-names';

const MANIFEST_URL = '/market-stall.webmanifest';

/** Registers the stall's worker (a production build only: the dev server has no dist/market-sw.js). */
export function useStallWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register(STALL_WORKER_URL, { scope: STALL_SCOPE }).catch(() => {
      // No worker (private mode, storage blocked): the stall still works while it has signal.
    });
  }, []);
}

/** Links the stall's manifest while the stall is on screen: the rest of the control centre is not an app. */
export function useStallManifest(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_URL;
    document.head.appendChild(link);
    return () => link.remove();
  }, []);
}

/**
 * Stores the pictures of the tiles in the cache the worker answers pictures from. The page does it itself:
 * the pictures of the first visit load before the worker controls the page, so the worker never saw them.
 */
export async function keepPictures(urls: readonly string[]): Promise<void> {
  if (typeof caches === 'undefined' || urls.length === 0) return;
  const cache = await caches.open(STALL_PICTURES_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url, { ignoreVary: true })) return;
      await cache.add(url).catch(() => undefined);
    }),
  );
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a network (a hint: a send can still fail with it). */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
