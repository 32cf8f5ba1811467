/**
 * The first script of a page the server drew (cms/services/seo/routes.ts puts it in place of the app's own
 * entry). The page reads and its links work without the app, so the app's scripts wait for the pictures the
 * page marked as its first screen's (fetchpriority="high", see AssetImage) instead of sharing a slow phone's
 * connection with them. A page without such pictures starts the app at once; a shopper who taps or types
 * first, the window's load event, or START_AT_THE_LATEST_MS start it too, whichever comes first.
 */
const START_AT_THE_LATEST_MS = 3000;

const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');
let started = false;

function start(): void {
  if (started || !tag?.dataset.entry) return;
  started = true;
  // Said on the page for whoever looks (the end-to-end tests wait on it): "starting", then "failed" when the
  // app's script cannot load; hydration marks the page data-hydrated (main.tsx).
  document.documentElement.dataset.app = 'starting';
  // The entry's own imports and the page's chunks, fetched beside it rather than one after another.
  for (const href of (tag.dataset.modules ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = 'anonymous';
  entry.src = tag.dataset.entry;
  entry.addEventListener('error', () => (document.documentElement.dataset.app = 'failed'), { once: true });
  document.head.append(entry);
}

const loaded = (image: HTMLImageElement) =>
  image.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      });

const firstScreen = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
if (firstScreen.length === 0 || document.readyState === 'complete') start();
else {
  void Promise.all(firstScreen.map(loaded)).then(start);
  window.addEventListener('load', start, { once: true });
  for (const type of ['pointerdown', 'keydown'] as const) {
    window.addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  setTimeout(start, START_AT_THE_LATEST_MS);
}
