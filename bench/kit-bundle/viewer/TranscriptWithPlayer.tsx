// The README's viewer-and-player example, shared by the hosts that measure it (./main.tsx and
// ../viewer-rac-virtualizer). `children` lets a host add beside it what it measures on top.
import {
  AudioPlayer,
  TranscriptViewer,
  type AudioPlayerHandle,
  type TranscriptSegment,
} from '../../../packages/transcript-kit/src/index.ts';
import { useRef, useState, type ReactNode } from 'react';

const segments: TranscriptSegment[] = [
  { start: 0, end: 4, speaker: 'Anna', text: 'Hello' },
  { start: 4, end: 9, speaker: 'Ben', text: 'Welcome to the planning meeting.' },
];

export function TranscriptWithPlayer({ children }: { children?: (seek: (seconds: number) => void) => ReactNode }) {
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
      {children?.((seconds) => player.current?.seek(seconds))}
      <AudioPlayer ref={player} src={null} title="Planning meeting" onTimeUpdate={setTime} />
    </>
  );
}
