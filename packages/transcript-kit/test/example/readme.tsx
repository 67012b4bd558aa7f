import { AudioPlayer, TranscriptViewer, type AudioPlayerHandle, type TranscriptSegment } from '@scribe/transcript-kit';
import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

const segments: TranscriptSegment[] = [
  { start: 0, end: 2.5, speaker: 'Ada', text: 'Welcome to the weekly sync.' },
  { start: 2.5, end: 5, speaker: 'Grace', text: 'First, the release notes.' },
];

function TranscriptWithPlayer({ title, audioUrl }: { title: string; audioUrl: string }) {
  const player = useRef<AudioPlayerHandle>(null);
  const [time, setTime] = useState(0);
  return (
    <>
      <div style={{ height: 320 }}>
        <TranscriptViewer
          state="ready"
          title={title}
          segments={segments} // sorted by start; keep the array stable
          currentTime={time} // highlights the segment playing and keeps it in view
          onSeek={(seconds) => player.current?.seek(seconds)} // a segment was clicked
        />
      </div>
      <AudioPlayer ref={player} src={audioUrl} title={title} onTimeUpdate={setTime} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<TranscriptWithPlayer title="Weekly sync" audioUrl="/weekly-sync.mp3" />);
