// The page bench/viewer-virtual.bench.ts loads in Chromium (production build): the real TranscriptViewer
// with 5,000 segments in each view next to a naive list (a plain map of <p>s with the same text), each
// rendered and then scrolled from top to bottom, one scroll step per frame.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { themeClassNames, uiMessages } from '../../packages/ui/src/index.ts';
import { TranscriptViewer } from '../../packages/transcript-kit/src/index.ts';
import { transcriptKitMessages, type TranscriptView } from '../../packages/transcript-kit/src/utils.ts';
import { formatTime } from '../../packages/transcript-kit/src/media/time.ts';
import { manySegments } from '../../packages/transcript-kit/src/testing/transcriptFixtures.ts';

i18n.load('en', { ...uiMessages.en, ...transcriptKitMessages.en });
i18n.activate('en');
document.body.classList.add(themeClassNames.light);

const host = document.getElementById('root')!;
const segments = manySegments(5000);
const HEIGHT = 600;

/** Until the browser has painted what React committed. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

function Viewer({ view }: { view: TranscriptView }) {
  return (
    <I18nProvider i18n={i18n}>
      <div style={{ height: HEIGHT }}>
        <TranscriptViewer state="ready" title="Benchmark" segments={segments} defaultView={view} onSeek={() => undefined} />
      </div>
    </I18nProvider>
  );
}

/** The baseline: every segment as a <p> with the text the view shows (the detailed view adds speaker and times). */
function NaiveList({ view }: { view: TranscriptView }) {
  return (
    <div data-naive="" style={{ height: HEIGHT, overflow: 'auto' }}>
      {segments.map((s, i) => (
        <p key={i}>{view === 'plain' ? s.text : `${s.speaker} ${formatTime(s.start)} – ${formatTime(s.end)} ${s.text}`}</p>
      ))}
    </div>
  );
}

/** Milliseconds from render to first paint (commit, layout, paint). */
async function timeRender(element: React.ReactNode): Promise<{ ms: number; root: Root }> {
  const root = createRoot(host);
  const start = performance.now();
  flushSync(() => root.render(element));
  host.getBoundingClientRect();
  await painted();
  return { ms: performance.now() - start, root };
}

/** The element that scrolls: the naive list itself, or the viewer's body (the list's parent). */
function scrollerOf(): HTMLElement {
  const naive = host.querySelector<HTMLElement>('[data-naive]');
  if (naive) return naive;
  const list = host.querySelector<HTMLElement>('[aria-label="Transcript segments"]');
  if (!list?.parentElement) throw new Error('no transcript list');
  return list.parentElement;
}

/** Scrolls from top to bottom in `frames` equal steps, one per frame; the time between frames (rAF timestamps). */
async function timeScroll(frames: number): Promise<number[]> {
  const scroller = scrollerOf();
  const step = (scroller.scrollHeight - scroller.clientHeight) / frames;
  const times: number[] = [];
  let last = await frame();
  for (let i = 1; i <= frames; i++) {
    scroller.scrollTop = step * i;
    const now = await frame();
    times.push(now - last);
    last = now;
  }
  return times;
}

export interface ViewerVirtualResult {
  render: Record<string, number[]>;
  scroll: Record<string, number[]>;
  /** Rows in the document after the viewer's first render (the naive list has 5,000). */
  rendered: Record<string, number>;
}

declare global {
  interface Window {
    runViewerVirtualBench: (rounds: number, frames: number) => Promise<ViewerVirtualResult>;
  }
}

window.runViewerVirtualBench = async (rounds, frames) => {
  const out: ViewerVirtualResult = { render: {}, scroll: {}, rendered: {} };
  for (const view of ['plain', 'detailed'] as const) {
    for (const kind of ['naive', 'viewer'] as const) {
      const key = `${kind} ${view}`;
      out.render[key] = [];
      for (let r = 0; r < rounds; r++) {
        const { ms, root } = await timeRender(kind === 'naive' ? <NaiveList view={view} /> : <Viewer view={view} />);
        out.render[key].push(ms);
        if (kind === 'viewer') {
          out.rendered[view] = host.querySelectorAll('[data-index]').length;
          if (!host.querySelector('[data-index="0"]')) throw new Error(`${view}: the first segment is not rendered`);
        }
        // The last round also scrolls through the whole transcript.
        if (r === rounds - 1 && frames > 0) {
          out.scroll[key] = await timeScroll(frames);
          // Measured rows may have grown the list past the first estimate: the end must still be reachable.
          for (let i = 0; i < 3; i++) {
            const scroller = scrollerOf();
            scroller.scrollTop = scroller.scrollHeight;
            await painted();
          }
          if (kind === 'viewer' && !host.querySelector('[data-index="4999"]'))
            throw new Error(`${view}: scrolled to the end, the last segment is not rendered`);
        }
        root.unmount();
        await painted();
      }
    }
  }
  return out;
};
