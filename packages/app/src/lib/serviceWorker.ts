/**
 * Registers the service worker of a production build (/sw.js: the app shell offline, the share target),
 * once the page has loaded, so its precaching does not compete with the page's own requests. Dev builds
 * have none: a cached shell would hide source changes.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Not installable here (private mode, blocked by the browser): the app works the same without it.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
