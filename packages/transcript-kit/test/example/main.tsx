// An app that installed @scribe/transcript-kit (and its @scribe/ui) from the packed tarballs, as the
// package README tells: load the styles once, give Lingui the kit's catalogs, render the components.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { AudioPlayer, TranscriptViewer, type TranscriptSegment } from '@scribe/transcript-kit';
import { transcriptKitMessages } from '@scribe/transcript-kit/utils';
import '@scribe/transcript-kit/style.css';
import { themeClassNames, uiMessages } from '@scribe/ui';
import '@scribe/ui/style.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

const locale = new URLSearchParams(location.search).get('lang') === 'de' ? 'de' : 'en';
i18n.load(locale, { ...uiMessages[locale], ...transcriptKitMessages[locale] });
i18n.activate(locale);
document.body.classList.add(themeClassNames.light);

const segments: TranscriptSegment[] = [
  { start: 0, end: 2.5, speaker: 'Ada', text: 'Welcome to the example.' },
  { start: 2.5, end: 5, speaker: 'Grace', text: 'The kit came from a tarball.' },
];

function Example() {
  const [time, setTime] = useState(0);
  return (
    <I18nProvider i18n={i18n}>
      <div style={{ height: 320 }}>
        <TranscriptViewer state="ready" title="Example transcript" segments={segments} currentTime={time} onSeek={setTime} />
      </div>
      <AudioPlayer src={null} title="Example audio" />
    </I18nProvider>
  );
}

// The shipped declarations are real types, not `any`: a wrong state is a type error.
// @ts-expect-error 'bogus' is not a TranscriptViewerState
export const wrongState = <TranscriptViewer state="bogus" />;

createRoot(document.getElementById('root')!).render(<Example />);
