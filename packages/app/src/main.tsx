// Page-level rules (body, focus ring, theme on :root) and Inter, first: the components' styles follow.
import '@scribe/ui/global.css';
import '@scribe/ui/fonts.css';
import { paths, preferInterpretedValidation } from '@scribe/api-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preload } from 'swr';
import { App } from './App.tsx';
import { activateLanguage, initialLanguage } from './i18n/i18n.ts';
import { applyWaitingUpdate, registerServiceWorker } from './lib/serviceWorker.ts';
import { preloadRoute } from './routeChunks.ts';
import { fetchCurrentUser } from './session/SessionProvider.tsx';

// Before anything validates: the page's Content-Security-Policy allows no eval (zodConfig.ts).
preferInterpretedValidation();

// The page's own chunks and the session check start now, in parallel with the catalogs: every page
// waits for both, and the session provider's first read takes the answer preloaded here.
preloadRoute(window.location.pathname);
void preload(paths.me, fetchCurrentUser);

registerServiceWorker();
// A new version of the app that waits takes over now if this is its only window (then the page reloads).
const updating = applyWaitingUpdate().catch(() => false);

const root = createRoot(document.getElementById('root')!);

// The catalogs of the starting language load before the first paint, so no English flashes by.
void activateLanguage(initialLanguage()).finally(async () => {
  if (await updating) return;
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
