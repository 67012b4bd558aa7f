// The kit as an embedder mounts it: the components bring their own stylesheets, no I18nProvider, one
// German viewer in a KitProvider.
import {
  AudioPlayer,
  EditableTitle,
  KitProvider,
  preloadKitLocale,
  TranscriptViewer,
  type TranscriptSegment,
} from '@scribe/transcript-kit';
import { createRoot } from 'react-dom/client';

const segments: TranscriptSegment[] = [
  { start: 0, end: 2.5, speaker: 'Ada', text: 'Welcome to the example.' },
  { start: 2.5, end: 5, speaker: 'Grace', text: 'The kit came from a tarball.' },
];

export function mountKit(container: HTMLElement): void {
  // The German viewer's catalog loads on demand: awaited first, its first render is German.
  void preloadKitLocale('de').then(() => render(container));
}

function render(container: HTMLElement): void {
  createRoot(container).render(
    <>
      <EditableTitle title="Embedded title" onRename={() => {}} />
      <div data-testid="viewer-en" style={{ height: 260 }}>
        <TranscriptViewer state="ready" title="English viewer" segments={segments} currentTime={3} onSeek={() => {}} />
      </div>
      <div data-testid="viewer-de" style={{ height: 260 }}>
        <KitProvider locale="de">
          <TranscriptViewer state="ready" title="German viewer" segments={segments} currentTime={0} onSeek={() => {}} />
        </KitProvider>
      </div>
      <div data-testid="player-en">
        <AudioPlayer src={null} title="English player" />
      </div>
      <div data-testid="player-fr">
        <KitProvider locale="fr">
          <AudioPlayer src={null} title="French player" />
        </KitProvider>
      </div>
    </>,
  );
}
