// The viewer-and-player host (../viewer) plus react-aria-components' Virtualizer with ListLayout around a
// ListBox of the segments: what the transcript's list would add to an embedder's first load if it were
// virtualised by the library the folder tree uses (issue 30 names it, or TanStack Virtual) instead of the
// kit's own useVirtualUnits. Only the bench builds it; nothing ships it.
import {
  AudioPlayer,
  TranscriptViewer,
  type AudioPlayerHandle,
  type TranscriptSegment,
} from '../../../packages/transcript-kit/src/index.ts';
// The kit's own copy (the root has none): the same module the kit's dist resolves, so nothing is counted twice.
import { ListBox, ListBoxItem, ListLayout, Virtualizer } from '../../../packages/transcript-kit/node_modules/react-aria-components';
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
      <div style={{ height: 200, overflow: 'auto' }}>
        <Virtualizer layout={ListLayout} layoutOptions={{ estimatedRowHeight: 48 }}>
          <ListBox aria-label="Segments" items={segments.map((segment, id) => ({ id, ...segment }))}>
            {(item) => <ListBoxItem onAction={() => player.current?.seek(item.start)}>{item.text}</ListBoxItem>}
          </ListBox>
        </Virtualizer>
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
