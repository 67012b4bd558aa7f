// The page bench/viewer.bench.ts loads in Chromium: renders the real TranscriptViewer (production
// build) with 5,000 segments, each with its timed words, and moves the playback time while playing (so the
// spoken word is painted too), next to a bare list of the same segments.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { themeClassNames, uiMessages } from '../../packages/ui/src/index.ts';
import { TranscriptViewer, type TranscriptSegment } from '../../packages/transcript-kit/src/index.ts';
import { transcriptKitMessages } from '../../packages/transcript-kit/src/utils.ts';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { manySegments, withTimedWords } from '../../packages/transcript-kit/src/testing/transcriptFixtures.ts';

i18n.load('en', { ...uiMessages.en, ...transcriptKitMessages.en });
i18n.activate('en');
document.body.classList.add(themeClassNames.light);

const host = document.getElementById('root')!;
const segments = withTimedWords(manySegments(5000));

/** Until the browser has painted what React committed. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function Viewer({ time }: { time: number }) {
  return (
    <I18nProvider i18n={i18n}>
      <div style={{ height: 600 }}>
        <TranscriptViewer state="ready" title="Benchmark" segments={segments} currentTime={time} isPlaying onSeek={() => undefined} />
      </div>
    </I18nProvider>
  );
}

/** Baseline: the same segments as bare spans, the active one marked, nothing memoised. */
function BareList({ items, time }: { items: readonly TranscriptSegment[]; time: number }) {
  return (
    <div style={{ height: 600, overflow: 'auto' }}>
      <p>
        {items.map((s, i) => (
          <span key={i} aria-current={time >= s.start && time < s.end ? 'time' : undefined}>
            {s.text}{' '}
          </span>
        ))}
      </p>
    </div>
  );
}

async function timeRender(render: (root: Root) => void): Promise<{ ms: number; root: Root }> {
  const root = createRoot(host);
  const start = performance.now();
  flushSync(() => render(root));
  host.getBoundingClientRect(); // layout
  await painted();
  return { ms: performance.now() - start, root };
}

/** Mean milliseconds of one time update (commit + layout), over `steps` consecutive segments. */
function timeUpdates(root: Root, render: (root: Root, time: number) => void, steps: number): number {
  const start = performance.now();
  for (let i = 1; i <= steps; i++) {
    flushSync(() => render(root, segments[i * 3].start + 0.5));
    host.getBoundingClientRect();
  }
  return (performance.now() - start) / steps;
}

declare global {
  interface Window {
    runViewerBench: (rounds: number) => Promise<Record<string, number[]>>;
  }
}

window.runViewerBench = async (rounds) => {
  const out: Record<string, number[]> = { bareRender: [], viewerRender: [], bareUpdate: [], viewerUpdate: [] };
  for (let r = 0; r < rounds; r++) {
    const bare = await timeRender((root) => root.render(<BareList items={segments} time={0} />));
    out.bareRender.push(bare.ms);
    out.bareUpdate.push(timeUpdates(bare.root, (root, time) => root.render(<BareList items={segments} time={time} />), 100));
    bare.root.unmount();

    const viewer = await timeRender((root) => root.render(<Viewer time={0} />));
    out.viewerRender.push(viewer.ms);
    // Virtualised: the rows near the top are in the document, not all 5,000 (bench/viewer-virtual compares).
    if (!host.querySelector('[data-index="0"]')) throw new Error('viewer did not render the first segment');
    out.viewerUpdate.push(timeUpdates(viewer.root, (root, time) => root.render(<Viewer time={time} />), 100));
    if (host.querySelector('[aria-current="time"]')?.getAttribute('data-index') !== '300') throw new Error('highlight did not follow');
    viewer.root.unmount();
    await painted();
  }
  return out;
};
