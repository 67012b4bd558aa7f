import { ToastProvider } from '@scribe/ui';
import type { Decorator } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, within, type Mock } from 'storybook/test';
import { TranscriptEditor } from '../TranscriptEditor/TranscriptEditor.tsx';
import type { TranscriptSegment } from '../transcript/segments.ts';
import { meetingSegments } from './transcriptFixtures.ts';

// Stories only: the TranscriptEditor stories' app wrapper, frames, args and play helpers, shared by
// TranscriptEditor.stories.tsx and TranscriptEditorSaving.stories.tsx.

/** Holds the segments as the app does: every onChange becomes the next segments. */
export function Stateful(props: ComponentProps<typeof TranscriptEditor>) {
  const [segments, setSegments] = useState(props.segments);
  return (
    <TranscriptEditor
      {...props}
      segments={segments}
      onChange={(next, change) => {
        props.onChange(next, change);
        setSegments(next);
      }}
    />
  );
}

/** A phone's width (the frame stays 1024 x 640 so baselines keep one size). */
export const phone: Decorator = (Story) => (
  <div style={{ width: 375, height: 600 }}>
    <Story />
  </div>
);

/** The editor's frame in every story, inside the toasts' provider. */
export const editorFrame: Decorator = (Story) => (
  <ToastProvider>
    <div style={{ height: 560, maxWidth: 760 }}>
      <Story />
    </div>
  </ToastProvider>
);

/** The team standup, playing at 8 s, with a spy for every callback. */
export const editorArgs = {
  title: 'Team standup',
  segments: meetingSegments,
  currentTime: 8,
  isPlaying: true,
  onChange: fn(),
  onSeek: fn(),
  onPlayFrom: fn(),
  onTogglePlay: fn(),
  onSkip: fn(),
  onReload: fn(),
  onKeepMine: fn(),
};

export const editor = () => screen.getByRole('region', { name: 'Team standup' });
export const list = () => within(editor()).getByRole('list', { name: 'Transcript segments' });
export const texts = () => [...list().querySelectorAll<HTMLElement>('[data-index]')];
/** Segment `i`'s text (not rendered while it is being edited). */
export const text = (i: number) => list().querySelector<HTMLElement>(`[data-index="${i}"]`)!;
export const lastChange = (args: { onChange: unknown }) => {
  const calls = (args.onChange as Mock<(next: TranscriptSegment[], change: string) => void>).mock.calls;
  return calls.at(-1) as [TranscriptSegment[], string];
};
/** Tabs from the page's start to the segments' one Tab stop. */
export const tabToSegments = async () => {
  for (let i = 0; i < 12 && !document.activeElement?.hasAttribute('data-index'); i++) await userEvent.tab();
  await expect(document.activeElement).toHaveAttribute('data-index');
};
