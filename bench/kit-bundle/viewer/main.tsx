// The same host app with the README's example: TranscriptViewer and AudioPlayer, whose modules import their
// own stylesheets, nothing else (no full style.css, no providers, no fonts). The bench resolves the kit's
// import to its built dist/index.js (as '@scribe/transcript-kit' resolves for an embedder); the path here is
// for the type check (in ./TranscriptWithPlayer.tsx).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TranscriptWithPlayer } from './TranscriptWithPlayer.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TranscriptWithPlayer />
  </StrictMode>,
);
