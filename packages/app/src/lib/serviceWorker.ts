/** The message a starting page sends a waiting new version of the service worker (sw.ts). */
export const ACTIVATE_IF_ALONE = 'activate-if-alone';

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

/**
 * At start-up, before the first render: when a new version of the app waits and this page is the app's
 * only window, the new version takes over and the page reloads (nothing is drawn or edited yet), so an
 * update applies on the next load. With other windows open it keeps waiting, so none of them changes
 * code mid-session. True when the page is about to reload.
 */
export async function applyWaitingUpdate(): Promise<boolean> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return false;
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!waiting) return false;
  return new Promise<boolean>((resolve) => {
    // Listening first: the new version may take over before its answer arrives.
    const onTakeOver = () => {
      clearTimeout(timer);
      resolve(true);
      window.location.reload();
    };
    const stay = () => {
      navigator.serviceWorker.removeEventListener('controllerchange', onTakeOver);
      resolve(false);
    };
    // A worker that does not answer (busy, gone) must not keep the page blank.
    let timer = setTimeout(stay, 3000);
    navigator.serviceWorker.addEventListener('controllerchange', onTakeOver, { once: true });
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      // It takes over (activating can take a moment on a busy phone), or it stays waiting.
      if (event.data === true) timer = setTimeout(stay, 10_000);
      else stay();
    };
    waiting.postMessage(ACTIVATE_IF_ALONE, [channel.port2]);
  });
}
