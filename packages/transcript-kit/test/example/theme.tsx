// Theming as a host does it, with no provider: a custom accent on a container of its own, dark mode by a
// theme class on another container, and right-to-left by KitProvider's `dir`. Menus portal to <body> and must follow.
import { AudioPlayer, KitProvider, TranscriptViewer, type TranscriptSegment } from '@scribe/transcript-kit';
import { themeClassNames } from '@scribe/ui';
import type { CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import './host.css';

const segments: TranscriptSegment[] = [
  { start: 0, end: 2.5, speaker: 'Ada', text: 'Welcome to the example.' },
  { start: 2.5, end: 5, speaker: 'Grace', text: 'The kit came from a tarball.' },
];

/** Ten seconds of silence as a WAV file, so the players have a duration and an enabled seek slider. */
function silence(seconds: number): string {
  const rate = 8000;
  const samples = rate * seconds;
  const view = new DataView(new ArrayBuffer(44 + samples));
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) view.setUint8(44 + i, 128);
  return URL.createObjectURL(new Blob([view], { type: 'audio/wav' }));
}
const audio = silence(10);

// The host's own rule on its own container: the documented custom property, no kit class involved.
const accent = { '--scribe-color-accent': 'rgb(0, 128, 96)' } as CSSProperties;

createRoot(document.body.appendChild(document.createElement('div'))).render(
  <>
    <div id="plain">
      <div style={{ height: 220 }}>
        <TranscriptViewer state="ready" title="Default viewer" segments={segments} currentTime={3} onSeek={() => {}} />
      </div>
      <AudioPlayer src={audio} title="Default player" showPlaybackRate />
    </div>
    <div id="accent-host" style={accent}>
      <div style={{ height: 220 }}>
        <TranscriptViewer state="ready" title="Accent viewer" segments={segments} currentTime={3} onSeek={() => {}} />
      </div>
      <AudioPlayer src={audio} title="Accent player" showPlaybackRate />
    </div>
    <div id="dark-host" className={themeClassNames.dark}>
      <AudioPlayer src={audio} title="Dark player" showPlaybackRate />
    </div>
    <div id="rtl-host" dir="rtl">
      <KitProvider dir="rtl">
        <AudioPlayer src={audio} title="RTL player" />
      </KitProvider>
    </div>
    <div id="ltr-host">
      <AudioPlayer src={audio} title="LTR player" />
    </div>
  </>,
);
