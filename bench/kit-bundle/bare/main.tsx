// Baseline of bench/kit-bundle.bench.ts: the host app before it embeds anything.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <p>Hello</p>
  </StrictMode>,
);
