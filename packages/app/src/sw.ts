// The service worker (built by vite-plugin-pwa's injectManifest into /sw.js, production only). It caches
// the app shell and nothing else: the built HTML, JS, CSS, fonts and icons, listed at build time. API
// data, the live channel, audio and exports always go to the network (no route below matches them),
// so an offline app never shows stale or another user's data.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { ACTIVATE_IF_ALONE } from './lib/serviceWorker.ts';
import { keepSharedFile, SHARE_TARGET_ACTION, sharedFileOf } from './lib/sharedFiles.ts';

// The worker's global scope (the DOM typings the app is checked with have no service worker types).
interface MessageEventInWorker {
  data: unknown;
  ports: readonly MessagePort[];
  waitUntil(promise: Promise<unknown>): void;
}
declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly unknown[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEventInWorker) => void): void;
};

// Update policy: no clients.claim and no unasked skipWaiting. A new version installs in the background and
// waits, so an open session never switches code under the user (its lazily loaded chunks stay served
// from the old precache). It takes over when no page runs the old one, or when a page that is starting
// up and is the app's only window asks for it (lib/serviceWorker.ts): that page reloads before it draws.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  if (event.data !== ACTIVATE_IF_ALONE) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const alone = windows.length <= 1;
      if (alone) await self.skipWaiting();
      event.ports[0]?.postMessage(alone);
    })(),
  );
});

// Page navigations get the cached shell (the router draws the page), except the server's own paths and
// the public share pages (/s/…), whose responses carry their own headers (no-referrer, noindex).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/s\//, new RegExp(`^${SHARE_TARGET_ACTION}$`)],
  }),
);

// Web Share Target: another app shares an audio file; keep it and open the app, which offers the upload
// (after sign-in if needed). 303: the browser follows with a GET.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_ACTION,
  async ({ request }) => {
    try {
      const file = sharedFileOf(await request.formData());
      if (file) await keepSharedFile(caches, file);
    } catch {
      // An unreadable form: open the app all the same, with nothing to upload.
    }
    return Response.redirect('/', 303);
  },
  'POST',
);
