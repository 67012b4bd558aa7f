// The viewer-and-player host (../viewer) plus react-aria-components' Virtualizer with ListLayout around a
// ListBox of the segments: what the transcript's list would add to an embedder's first load if it were
// virtualised by the library the folder tree uses (issue 30 names it, or TanStack Virtual) instead of the
// kit's own useVirtualUnits. Only the bench builds it; nothing ships it.
// The kit's own copy (the root has none): the same module the kit's dist resolves, so nothing is counted twice.
import { ListBox, ListBoxItem, ListLayout, Virtualizer } from '../../../packages/transcript-kit/node_modules/react-aria-components';
import type { TranscriptSegment } from '../../../packages/transcript-kit/src/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TranscriptWithPlayer } from '../viewer/TranscriptWithPlayer.tsx';

const segments: TranscriptSegment[] = [
  { start: 0, end: 4, speaker: 'Anna', text: 'Hello' },
  { start: 4, end: 9, speaker: 'Ben', text: 'Welcome to the planning meeting.' },
];

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TranscriptWithPlayer>
      {(seek) => (
        <div style={{ height: 200, overflow: 'auto' }}>
          <Virtualizer layout={ListLayout} layoutOptions={{ estimatedRowHeight: 48 }}>
            <ListBox aria-label="Segments" items={segments.map((segment, id) => ({ id, ...segment }))}>
              {(item) => <ListBoxItem onAction={() => seek(item.start)}>{item.text}</ListBoxItem>}
            </ListBox>
          </Virtualizer>
        </div>
      )}
    </TranscriptWithPlayer>
  </StrictMode>,
);
