// The viewer-and-player host (../viewer) plus TanStack Virtual's useVirtualizer over a list of the segments,
// each row measured: what the transcript's list would add to an embedder's first load if it were virtualised
// by the other library issue 30 names instead of the kit's own useVirtualUnits. Only the bench builds it;
// nothing ships it.
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TranscriptSegment } from '../../../packages/transcript-kit/src/index.ts';
import { StrictMode, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { TranscriptWithPlayer } from '../viewer/TranscriptWithPlayer.tsx';

const segments: TranscriptSegment[] = [
  { start: 0, end: 4, speaker: 'Anna', text: 'Hello' },
  { start: 4, end: 9, speaker: 'Ben', text: 'Welcome to the planning meeting.' },
];

function Segments({ seek }: { seek: (seconds: number) => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: segments.length, getScrollElement: () => scroller.current, estimateSize: () => 48 });
  return (
    <div ref={scroller} style={{ height: 200, overflow: 'auto' }}>
      <ul style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            style={{ position: 'absolute', top: 0, transform: `translateY(${row.start}px)` }}
          >
            <button onClick={() => seek(segments[row.index].start)}>{segments[row.index].text}</button>
          </li>
        ))}
      </ul>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TranscriptWithPlayer>{(seek) => <Segments seek={seek} />}</TranscriptWithPlayer>
  </StrictMode>,
);
