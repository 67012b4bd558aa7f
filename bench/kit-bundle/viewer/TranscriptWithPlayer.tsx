// The README's viewer-and-player example, as the host app (./main.tsx) renders it.
import {
  AudioPlayer,
  TranscriptViewer,
  type AudioPlayerHandle,
  type TranscriptSegment,
} from '../../../packages/transcript-kit/src/index.ts';
import { useRef, useState } from 'react';

const segments: TranscriptSegment[] = [
  { start: 0, end: 4, speaker: 'Anna', text: 'Hello' },
  { start: 4, end: 9, speaker: 'Ben', text: 'Welcome to the planning meeting.' },
];

export function TranscriptWithPlayer() {
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
