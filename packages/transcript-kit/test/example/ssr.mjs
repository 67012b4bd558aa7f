// Server rendering from the installed packages in plain Node (no bundler, no DOM), as a framework's
// server does it. Prints the markup and what the environment had, for package.test.ts.
import * as kit from '@scribe/transcript-kit';
import { messages as kitGerman } from '@scribe/transcript-kit/locales/de';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

// German in a KitProvider: its catalog loads on demand; awaited before rendering, the render is German.
await kit.preloadKitLocale('de');

const segments = [{ start: 0, end: 2, speaker: 'Ada', text: 'Rendered on the server.' }];
const noop = () => {};
const html = renderToString(
  h(
    'div',
    null,
    h(kit.TranscriptViewer, { state: 'ready', title: 'Server transcript', segments }),
    h(kit.KitProvider, { locale: 'de' }, h(kit.AudioPlayer, { src: null, title: 'Server audio' })),
    h(kit.FolderTree, {
      items: [],
      onSelectTranscript: noop,
      onCreateFolder: noop,
      onRenameFolder: noop,
      onDeleteFolder: noop,
      onDeleteTranscript: noop,
      onMoveTranscript: noop,
    }),
    h(kit.TranscriptEditor, { title: 'Server editor', segments, onChange: noop }),
    h(kit.StatusCards, { items: [], onDismiss: noop }),
  ),
);
console.log(JSON.stringify({ html, hasWindow: typeof window !== 'undefined', germanMessages: Object.keys(kitGerman).length }));
