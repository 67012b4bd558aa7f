// The page bench/editor.bench.ts loads in Chromium: the real TranscriptEditor (production build) with
// 5,000 segments (virtualised: the rows near the viewport are rendered), one of them being edited, next to a bare <textarea> alone. The bench types into
// whichever is mounted; every keystroke's time from keydown to the next paint is recorded here.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { themeClassNames, uiMessages } from '../../packages/ui/src/index.ts';
import { TranscriptEditor, type TranscriptSegment } from '../../packages/transcript-kit/src/index.ts';
import { transcriptKitMessages } from '../../packages/transcript-kit/src/utils.ts';
import { manySegments } from '../../packages/transcript-kit/src/testing/transcriptFixtures.ts';

i18n.load('en', { ...uiMessages.en, ...transcriptKitMessages.en });
i18n.activate('en');
document.body.classList.add(themeClassNames.light);

const host = document.getElementById('root')!;
const segments = manySegments(5000);
/** The segment the bench edits: in the middle, so rows before and after it exist. */
const EDITED = 2500;

/** Until the browser has painted what React committed. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function Editor() {
  const [items, setItems] = useState<readonly TranscriptSegment[]>(segments);
  return (
    <I18nProvider i18n={i18n}>
      <div style={{ height: 600 }}>
        <TranscriptEditor title="Benchmark" segments={items} onChange={setItems} currentTime={EDITED * 2 + 0.5} />
      </div>
    </I18nProvider>
  );
}

let root: Root | null = null;
let samples: number[] = [];

// Keydown (capture, before React) to the first frame after it: the keystroke's time to paint.
document.addEventListener(
  'keydown',
  () => {
    const start = performance.now();
    requestAnimationFrame(() => setTimeout(() => samples.push(performance.now() - start), 0));
  },
  true,
);

declare global {
  interface Window {
    mountBench: (what: 'bare' | 'editor') => Promise<boolean>;
    takeSamples: () => number[];
    segmentCount: () => number;
  }
}

window.mountBench = async (what) => {
  root?.unmount();
  await painted();
  root = createRoot(host);
  if (what === 'bare') {
    root.render(<textarea aria-label="Bare" style={{ width: 600, height: 80 }} />);
    await painted();
    host.querySelector('textarea')!.focus();
  } else {
    root.render(<Editor />);
    // The list is virtualised: the playing segment is rendered once the editor has scrolled to it.
    let row: HTMLElement | null = null;
    for (let frame = 0; frame < 60 && !row; frame++) {
      await painted();
      row = host.querySelector<HTMLElement>(`[data-index="${EDITED}"]`);
    }
    if (!row) return false;
    row.scrollIntoView({ block: 'center' });
    // A double-click edits (a click plays from the segment).
    row.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
    await painted();
    await painted();
  }
  samples = [];
  return document.activeElement instanceof HTMLTextAreaElement;
};

window.takeSamples = () => {
  const out = samples;
  samples = [];
  return out;
};

window.segmentCount = () => host.querySelectorAll('[data-index]').length;
