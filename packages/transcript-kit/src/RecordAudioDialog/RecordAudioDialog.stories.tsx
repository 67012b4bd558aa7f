import { Button } from '@scribe/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { RecordAudioDialog, type RecordingTranscription } from './RecordAudioDialog.tsx';
import type { StreamingRecording } from './StreamingRecorder.tsx';
import type { LiveTextSegment } from './liveText.ts';
import { inAllModes } from '../../../../.storybook/modes.ts';

/** Open/close like an app, and let the story drive the transcription after the upload. */
function Controlled(props: ComponentProps<typeof RecordAudioDialog>) {
  const [open, setOpen] = useState(props.isOpen);
  const [transcription, setTranscription] = useState<RecordingTranscription | undefined>(props.transcription);
  return (
    <>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button onPress={() => setOpen(true)}>Open recorder</Button>
      </div>
      <RecordAudioDialog
        {...props}
        isOpen={open}
        transcription={transcription}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange(next);
        }}
        onUpload={async (blob, name) => {
          await props.onUpload(blob, name);
          // As the live channel would report it.
          setTranscription({ state: 'processing', progress: 35 });
          setTimeout(() => setTranscription({ state: 'completed' }), 400);
        }}
      />
    </>
  );
}

/**
 * Record from the microphone, preview, upload and follow the transcription. The story tests run in
 * Chromium with its fake microphone (a beep), so a real getUserMedia + MediaRecorder records here.
 */
const meta = {
  title: 'Transcript Kit/RecordAudioDialog',
  component: RecordAudioDialog,
  args: { isOpen: true, onOpenChange: fn(), onUpload: fn(async () => {}) },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof RecordAudioDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.getByRole('dialog', { name: 'Record Audio' });

async function recordFor(ms: number) {
  await userEvent.click(await within(await screen.findByRole('dialog', { name: 'Record Audio' })).findByRole('button', { name: 'Record' }));
  const timer = await within(dialog()).findByRole('timer', { name: 'Elapsed time' }, { timeout: 5000 });
  await expect(timer).toHaveTextContent('0:00');
  await new Promise((resolve) => setTimeout(resolve, ms));
  await waitFor(() => expect(timer).toHaveTextContent('0:01'));
  await userEvent.click(within(dialog()).getByRole('button', { name: 'Stop' }));
}

export const Idle: Story = {
  play: async () => {
    await expect(await within(dialog()).findByRole('button', { name: 'Record' })).toBeEnabled();
    await expect(within(dialog()).getByText('Press Record to start recording from your microphone.')).toBeVisible();
  },
};

/** Record 1.5 s of the fake microphone, preview it, upload it, then processing and completed. */
export const RecordPreviewUpload: Story = {
  play: async ({ args }) => {
    await recordFor(1100);
    const preview = await within(dialog()).findByRole('region', { name: 'Audio player: Preview' }, { timeout: 5000 });
    await waitFor(() => expect(within(preview).getByLabelText('Duration')).toHaveTextContent(/^0:0[12]$/), { timeout: 5000 });
    await expect(within(preview).getByRole('button', { name: 'Play' })).toBeEnabled();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Upload Recording' }));
    await waitFor(() => expect(args.onUpload).toHaveBeenCalledOnce());
    const [blob, name] = (args.onUpload as ReturnType<typeof fn>).mock.calls[0] as [Blob, string];
    await expect(blob.size).toBeGreaterThan(1000);
    await expect(name).toMatch(/^recording\.(webm|mp4)$/);
    await expect(blob.type.startsWith(name.endsWith('mp4') ? 'audio/mp4' : 'audio/webm')).toBe(true);
    const bar = await within(dialog()).findByRole('progressbar', { name: 'Transcription progress' });
    await expect(within(dialog()).getByText('Processing Audio')).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '35');
    await expect(await within(dialog()).findByText('Transcription completed!')).toBeVisible();
    await expect(within(dialog()).getByRole('progressbar', { name: 'Transcription progress' })).toHaveAttribute('aria-valuenow', '100');
  },
};

/** Closing while recording stops the microphone and starts over next time. */
export const CloseResets: Story = {
  args: { getUserMedia: fn((constraints: MediaStreamConstraints) => navigator.mediaDevices.getUserMedia(constraints)) },
  play: async ({ args }) => {
    await userEvent.click(
      await within(await screen.findByRole('dialog', { name: 'Record Audio' })).findByRole('button', { name: 'Record' }),
    );
    await within(dialog()).findByRole('timer', { name: 'Elapsed time' }, { timeout: 5000 });
    // The spec's audio settings.
    await expect(args.getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 44100 },
    });
    const stream = (await (args.getUserMedia as ReturnType<typeof fn>).mock.results[0].value) as MediaStream;
    await expect(stream.getTracks().every((track) => track.readyState === 'live')).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(stream.getTracks().every((track) => track.readyState === 'ended')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Open recorder' }));
    await expect(await within(dialog()).findByRole('button', { name: 'Record' })).toBeEnabled();
    await expect(within(dialog()).queryByRole('timer')).toBeNull();
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

const microphoneErrors: [string, string][] = [
  ['NotSupportedError', 'Audio recording is not supported by this browser.'],
  ['NotAllowedError', 'Microphone access was denied. Please allow microphone access in your browser settings and try again.'],
  ['NotFoundError', 'No microphone was found. Please connect a microphone and try again.'],
  ['NotReadableError', 'The microphone is in use by another application. Please close it and try again.'],
  ['OverconstrainedError', 'The microphone cannot satisfy the requested audio settings.'],
  ['SecurityError', 'Microphone access is blocked for security reasons. Recording requires a secure (HTTPS) connection.'],
  ['AbortError', 'Recording was interrupted. Please try again.'],
  ['TypeError', 'An error occurred while recording'],
];
let nextMicrophoneError = 'NotAllowedError';

/** Access denied: the spec's text, and Record tries again. */
export const MicrophoneDenied: Story = {
  args: { getUserMedia: fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))) },
  play: async ({ args }) => {
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'Record' }));
    await expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Microphone access was denied. Please allow microphone access in your browser settings and try again.',
    );
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(args.getUserMedia).toHaveBeenCalledTimes(2));
    await expect(await within(dialog()).findByRole('alert')).toBeVisible();
  },
};

/** Every microphone error of docs/product-spec.md §8 with its own text. */
export const EveryMicrophoneError: Story = {
  args: {
    getUserMedia: fn(() =>
      Promise.reject(nextMicrophoneError === 'TypeError' ? new TypeError('boom') : new DOMException('Failed', nextMicrophoneError)),
    ),
  },
  play: async () => {
    for (const [name, text] of microphoneErrors) {
      nextMicrophoneError = name;
      await userEvent.click(await within(dialog()).findByRole('button', { name: 'Record' }));
      await waitFor(() => expect(within(dialog()).getByRole('alert')).toHaveTextContent(text));
    }
  },
};

/** The upload fails: the server's message under 'Upload failed'; the recording stays for another try. */
export const UploadFailed: Story = {
  args: { onUpload: fn(async () => Promise.reject(new Error('File size is 120 MB. Maximum supported is 100 MB.'))) },
  play: async ({ args }) => {
    await recordFor(1100);
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'Upload Recording' }, { timeout: 5000 }));
    const alert = await within(dialog()).findByRole('alert');
    await expect(alert).toHaveTextContent('Upload failed');
    await expect(alert).toHaveTextContent('File size is 120 MB. Maximum supported is 100 MB.');
    await expect(within(dialog()).getByRole('button', { name: 'Upload Recording' })).toBeEnabled();
    await expect(args.onUpload).toHaveBeenCalledOnce();
  },
};

/** While the upload runs the dialog cannot be closed. */
export const Uploading: Story = {
  args: { onUpload: fn(() => new Promise<void>(() => {})), uploadProgress: 60 },
  play: async ({ args }) => {
    await recordFor(1100);
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'Upload Recording' }, { timeout: 5000 }));
    await expect(await within(dialog()).findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '60');
    await expect(within(dialog()).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(dialog()).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** A recording this browser cannot play back (here: a fake, unplayable file) warns but still uploads. */
export const PreviewUnplayable: Story = {
  args: {
    getUserMedia: fn(async () => {
      // A silent stream whose recorder output is replaced below by bytes no decoder accepts.
      const context = new AudioContext();
      return context.createMediaStreamDestination().stream;
    }),
  },
  beforeEach: () => {
    const original = window.Blob;
    // Only recordings (audio/*) become undecodable; everything else is a normal Blob.
    window.Blob = class extends original {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(options?.type?.startsWith('audio/') ? ['not audio at all'] : parts, options);
      }
    };
    return () => {
      window.Blob = original;
    };
  },
  play: async ({ args }) => {
    await recordFor(1100);
    const warning = await within(dialog()).findByText(
      'This recording cannot be played back in your browser, but it can still be uploaded.',
      undefined,
      { timeout: 5000 },
    );
    await expect(warning).toBeVisible();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Upload Recording' }));
    await waitFor(() => expect(args.onUpload).toHaveBeenCalledOnce());
    await expect(await within(dialog()).findByText('Transcription completed!')).toBeVisible();
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  args: { getUserMedia: fn(() => Promise.reject(new DOMException('Denied', 'NotFoundError'))) },
  play: async () => {
    const de = await screen.findByRole('dialog', { name: 'Audio aufnehmen' });
    await userEvent.click(within(de).getByRole('button', { name: 'Aufnehmen' }));
    await expect(await within(de).findByRole('alert')).toHaveTextContent('Es wurde kein Mikrofon gefunden.');
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };

// ---------------------------------------------------------------------------------------------------
// Streamed recording: the app captures and sends the pieces; the dialog shows the state it is given.

type StreamingFields = Omit<StreamingRecording, 'onStart' | 'onPause' | 'onResume' | 'onStop' | 'onFinish' | 'onDiscard'>;
const streamingCallbacks = {
  onStart: fn(),
  onPause: fn(),
  onResume: fn(),
  onStop: fn(),
  onFinish: fn(),
  onDiscard: fn(),
};

/** The dialog with a streamed recording whose state follows the buttons (as the app's session would), and `drafts` arriving one after another. */
function Streaming({ initial, drafts = [] }: { initial: StreamingFields; drafts?: LiveTextSegment[][] }) {
  const [fields, setFields] = useState(initial);
  const [draftIndex, setDraftIndex] = useState(-1);
  const liveText = draftIndex >= 0 ? drafts[draftIndex] : initial.liveText;
  const streaming: StreamingRecording = {
    ...fields,
    liveText,
    onStart: streamingCallbacks.onStart,
    onPause: () => {
      streamingCallbacks.onPause();
      setFields((f) => ({ ...f, state: 'paused' }));
    },
    onResume: () => {
      streamingCallbacks.onResume();
      setFields((f) => ({ ...f, state: 'recording' }));
    },
    onStop: () => {
      streamingCallbacks.onStop();
      setFields((f) => ({ ...f, state: 'stopped' }));
    },
    onFinish: streamingCallbacks.onFinish,
    onDiscard: streamingCallbacks.onDiscard,
  };
  return (
    <>
      <RecordAudioDialog isOpen onOpenChange={fn()} onUpload={fn()} streaming={streaming} />
      {/* Stands in for the live channel: the next draft, when the story asks for it. */}
      <button type="button" hidden data-testid="next-draft" onClick={() => setDraftIndex((i) => Math.min(i + 1, drafts.length - 1))} />
    </>
  );
}

const seg = (start: number, text: string, final: boolean): LiveTextSegment => ({ start, end: start + 4, text, final });
const liveDraft = [
  seg(0, 'Welcome to the weekly planning meeting.', true),
  seg(4, 'First on the agenda is the', true),
  seg(8, 'release of version two', false),
];
const nextDraft = [
  seg(0, 'Welcome to the weekly planning meeting.', true),
  seg(4, 'First on the agenda is the', true),
  seg(8, 'release of version two next Tuesday.', true),
  seg(12, 'Any quest', false),
];
const nextDraftButton = () => document.querySelector<HTMLButtonElement>('[data-testid="next-draft"]')!;
const recordingBase: StreamingFields = { state: 'recording', elapsedSeconds: 83, level: 0.45, liveStatus: 'live', pendingPieces: 1 };

/** Live text while recording: settled text, the newest words marked provisional; only newly final text is announced; pause and resume. */
export const StreamingLive: Story = {
  render: () => <Streaming initial={{ ...recordingBase, liveText: liveDraft }} drafts={[nextDraft]} />,
  play: async () => {
    const d = await screen.findByRole('dialog', { name: 'Record Audio' });
    await expect(within(d).getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('1:23');
    await expect(within(d).getByRole('meter', { name: 'Microphone level' })).toHaveAttribute('aria-valuenow', '45');
    const live = within(d).getByRole('region', { name: 'Live text' });
    await expect(live).toHaveTextContent(
      'Welcome to the weekly planning meeting. First on the agenda is the Provisional: release of version two',
    );
    // The provisional words are told apart for screen readers and by their look.
    const provisional = within(live).getByText('release of version two');
    await expect(provisional.textContent).toBe('Provisional: release of version two');
    await expect(getComputedStyle(provisional).fontStyle).toBe('italic');
    await expect(getComputedStyle(provisional).borderBottomStyle).toBe('dotted');
    // Nothing is read out for text that was already there; the next draft's newly final sentence is.
    const status = within(live).getByRole('status');
    await expect(status).toHaveTextContent(/^$/);
    nextDraftButton().click();
    await waitFor(() => expect(status).toHaveTextContent(/^release of version two next Tuesday\.$/));
    await expect(within(live).getByText('Any quest').textContent).toBe('Provisional: Any quest');

    await userEvent.click(within(d).getByRole('button', { name: 'Pause' }));
    await expect(streamingCallbacks.onPause).toHaveBeenCalled();
    await expect(within(d).getByText(/^Paused/, { selector: 'p' })).toBeVisible();
    await expect(within(d).getByRole('meter', { name: 'Microphone level' })).toHaveAttribute('aria-valuenow', '0');
    const resume = within(d).getByRole('button', { name: 'Resume' });
    resume.focus();
    await userEvent.keyboard('{Enter}');
    await expect(streamingCallbacks.onResume).toHaveBeenCalled();
    await expect(await within(d).findByRole('button', { name: 'Pause' })).toBeVisible();
  },
};

const meetingWords =
  'so that is settled then and the next point is the budget for the spring which Anna will present to us after the break'.split(' ');
/** Draft k: k + 1 settled pairs of words, then the next pair still provisional. */
const growingDrafts = Array.from({ length: meetingWords.length / 2 - 1 }, (_, k) =>
  Array.from({ length: k + 2 }, (_, i) => seg(i * 2, meetingWords.slice(i * 2, i * 2 + 2).join(' '), i <= k)),
);

/**
 * Drafts arriving at uneven intervals, each settling the words the last one marked provisional. The
 * settled words keep no trace of that marking: with a text-decoration underline, Chromium left the old
 * line painted under them (the screenshot caught it), so the marking is a border, repainted with its box.
 */
export const StreamingDraftsArriving: Story = {
  render: () => <Streaming initial={{ ...recordingBase, liveText: [] }} drafts={growingDrafts} />,
  play: async () => {
    const d = await screen.findByRole('dialog', { name: 'Record Audio' });
    const live = within(d).getByRole('region', { name: 'Live text' });
    for (let i = 0; i < growingDrafts.length; i++) {
      nextDraftButton().click();
      await new Promise((resolve) => setTimeout(resolve, (i * 13) % 40));
    }
    await waitFor(() => expect(within(live).getByText('the break').textContent).toBe('Provisional: the break'));
    await expect(live).toHaveTextContent(/^so that is settled then .* present to us after Provisional: the break/);
  },
};

/** Only provisional words so far: all marked, nothing announced. */
export const StreamingProvisional: Story = {
  render: () => <Streaming initial={{ ...recordingBase, elapsedSeconds: 3, liveText: [seg(0, 'Good morning every', false)] }} />,
  play: async () => {
    const d = await screen.findByRole('dialog', { name: 'Record Audio' });
    const live = within(d).getByRole('region', { name: 'Live text' });
    await expect(within(live).getByText('Good morning every').textContent).toBe('Provisional: Good morning every');
    await expect(within(live).getByRole('status')).toHaveTextContent(/^$/);
  },
};

/** The server is too busy for live text: it says so, and recording goes on. */
export const StreamingLiveUnavailable: Story = {
  render: () => <Streaming initial={{ ...recordingBase, liveStatus: 'unavailable', liveReason: 'busy' }} />,
  play: async () => {
    const d = await screen.findByRole('dialog', { name: 'Record Audio' });
    const live = within(d).getByRole('region', { name: 'Live text' });
    await expect(live).toHaveTextContent('Live text is unavailable');
    await expect(live).toHaveTextContent('The server is busy right now. Recording still works, and the transcript is made when you stop.');
    await expect(within(d).getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('1:23');
    await userEvent.click(within(d).getByRole('button', { name: 'Stop' }));
    await expect(streamingCallbacks.onStop).toHaveBeenCalled();
    await expect(await within(d).findByRole('button', { name: 'Upload Recording' })).toBeEnabled();
  },
};

/** The connection dropped: live text waits, the pieces wait in the browser; the recording goes on. */
export const StreamingReconnecting: Story = {
  render: () => (
    <Streaming initial={{ ...recordingBase, liveStatus: 'reconnecting', retrying: true, pendingPieces: 12, liveText: liveDraft }} />
  ),
  play: async () => {
    const d = await screen.findByRole('dialog', { name: 'Record Audio' });
    await expect(within(d).getByText('Reconnecting')).toBeVisible();
    await expect(d).toHaveTextContent('Live text continues when the connection is back. Nothing of the recording is lost.');
    await expect(d).toHaveTextContent('The recording is kept in this browser and sent when the connection is back (12 s waiting).');
    await expect(within(d).getByRole('button', { name: 'Stop' })).toBeEnabled();
  },
};

/** A recording from an earlier visit: its date and length, then transcribe or discard. */
export const StreamingRecovered: Story = {
  render: () => (
    <Streaming
      initial={{ state: 'stopped', elapsedSeconds: 754, recovered: { createdAt: new Date(2026, 10, 24, 9, 30), durationSeconds: 754 } }}
    />
  ),
  play: async () => {
    const d = await screen.findByRole('dialog', { name: 'Record Audio' });
    await expect(within(d).getByText('Unfinished recording')).toBeVisible();
    await expect(d).toHaveTextContent('Recorded Nov 24, 2026, 9:30 AM, length 12:34. Upload it for its transcript, or discard it.');
    await userEvent.click(within(d).getByRole('button', { name: 'Upload Recording' }));
    await expect(streamingCallbacks.onFinish).toHaveBeenCalled();
    await userEvent.click(within(d).getByRole('button', { name: 'Discard' }));
    await expect(streamingCallbacks.onDiscard).toHaveBeenCalled();
  },
};

/** The microphone went away mid-recording: said clearly, and what was recorded can still be transcribed. */
export const StreamingMicrophoneLost: Story = {
  render: () => (
    <Streaming
      initial={{
        state: 'micError',
        elapsedSeconds: 42,
        microphoneError: new DOMException('ended', 'MicrophoneLostError'),
        liveStatus: 'live',
      }}
    />
  ),
  play: async () => {
    const d = await screen.findByRole('dialog', { name: 'Record Audio' });
    await expect(within(d).getByRole('alert')).toHaveTextContent(
      'The microphone was disconnected or stopped working. What was recorded until then is kept.',
    );
    await expect(within(d).getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent('0:42');
    await expect(within(d).getByRole('button', { name: 'Upload Recording' })).toBeEnabled();
  },
};

/** The live state in German. */
export const StreamingGerman: Story = {
  globals: { locale: 'de' },
  render: () => <Streaming initial={{ ...recordingBase, liveStatus: 'unavailable', liveReason: 'no_credits' }} />,
  play: async () => {
    const d = await screen.findByRole('dialog', { name: 'Audio aufnehmen' });
    await expect(within(d).getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(within(d).getByRole('region', { name: 'Live-Text' })).toHaveTextContent('Live-Text ist nicht verfügbar');
  },
};
