import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { activateLanguage, initialLanguage } from './i18n/i18n.ts';

const root = createRoot(document.getElementById('root')!);

// The catalogs of the starting language load before the first paint, so no English flashes by.
void activateLanguage(initialLanguage()).finally(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
