// The same host app with the README's example: TranscriptViewer and AudioPlayer, whose modules import their
// own stylesheets, nothing else (no full style.css, no providers, no fonts). The bench resolves the kit's
// import to its built dist/index.js (as '@scribe/transcript-kit' resolves for an embedder); the path here is
// for the type check.
import {
  AudioPlayer,
  TranscriptViewer,
  type AudioPlayerHandle,
  type TranscriptSegment,
} from '../../../packages/transcript-kit/src/index.ts';
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

const segments: TranscriptSegment[] = [
  { start: 0, end: 4, speaker: 'Anna', text: 'Hello' },
  { start: 4, end: 9, speaker: 'Ben', text: 'Welcome to the planning meeting.' },
];

function TranscriptWithPlayer() {
  const player = useRef<AudioPlayerHandle>(null);
  const [time, setTime] = useState(0);
  return (
    <>
      <div style={{ height: 480 }}>
        <TranscriptViewer
          state="ready"
          title="Planning meeting"
          segments={segments}
          currentTime={time}
          onSeek={(seconds) => player.current?.seek(seconds)}
        />
      </div>
      <AudioPlayer ref={player} src={null} title="Planning meeting" onTimeUpdate={setTime} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TranscriptWithPlayer />
  </StrictMode>,
);
