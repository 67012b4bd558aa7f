import { RecordAudioDialog } from '@scribe/transcript-kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { useStore } from '@scribe/ui/store';
import { createFakeRecordingServer } from './fakeRecordingServer.ts';
import { openOutbox } from './outbox.ts';
import { createRecordingSession } from './session.ts';
import { streamingProps } from './streamingProps.ts';

/** The contract's routes in memory, shared by the story and its play function. */
const server = createFakeRecordingServer();
const finished: string[] = [];
const api = {
  putPiece: server.putPiece,
  create: async () => ({ recording: server.create(), pieceMaxBytes: 1 << 20, live: { available: true } }),
  get: async (id: string) => server.get(id),
  finish: async (id: string) => {
    server.finish(id);
    finished.push(id);
    return { id: 1 };
  },
  discard: async () => undefined,
};

/**
 * The whole browser side in Chromium with its fake microphone: MediaRecorder cuts 1 s pieces, they go to
 * IndexedDB and to the (in-memory) server while recording, and Transcribe sends the rest and finishes.
 */
function RealCapture() {
  const session = useMemo(
    () => createRecordingSession({ api, outbox: () => openOutbox(`story-outbox-${Date.now()}`), userId: 1, language: 'en' }),
    [],
  );
  const state = useStore(session);
  const [previewUrl, setPreviewUrl] = useState<string>();
  useEffect(() => {
    if (state.phase === 'stopped') void session.preview().then((blob) => blob && setPreviewUrl(URL.createObjectURL(blob)));
  }, [session, state.phase]);
  const streaming = streamingProps(
    { state, channelUp: true, describe: (e) => String(e), previewUrl },
    {
      onStart: () => void session.start(),
      onPause: session.pause,
      onResume: session.resume,
      onStop: () => void session.stop(),
      onFinish: () => void session.finish(),
      onDiscard: () => void session.discard(),
    },
  );
  return (
    <RecordAudioDialog
      isOpen
      onOpenChange={fn()}
      onUpload={fn()}
      streaming={streaming}
      transcription={state.phase === 'finished' ? { state: 'completed' } : undefined}
    />
  );
}

const meta = {
  title: 'App/StreamingRecording',
  component: RealCapture,
} satisfies Meta<typeof RealCapture>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RecordStreamFinish: Story = {
  play: async () => {
    const d = await screen.findByRole('dialog', { name: 'Record Audio' });
    await userEvent.click(within(d).getByRole('button', { name: 'Record' }));
    await within(d).findByRole('timer', { name: 'Elapsed time' }, { timeout: 5000 });
    const id = server.lastId!;
    // Pieces reach the server while the recording goes on, about one a second.
    await waitFor(() => expect(server.get(id)?.pieces ?? 0).toBeGreaterThanOrEqual(2), { timeout: 6000 });
    await expect(within(d).getByRole('button', { name: 'Stop' })).toBeVisible();
    await userEvent.click(within(d).getByRole('button', { name: 'Pause' }));
    await userEvent.click(await within(d).findByRole('button', { name: 'Resume' }));
    await userEvent.click(await within(d).findByRole('button', { name: 'Stop' }));
    // The preview plays the pieces joined, read back from IndexedDB.
    const preview = await within(d).findByRole('region', { name: 'Audio player: Preview' }, { timeout: 5000 });
    await waitFor(() => expect(within(preview).getByLabelText('Duration')).not.toHaveTextContent('0:00'), { timeout: 5000 });
    await userEvent.click(await within(d).findByRole('button', { name: 'Upload Recording' }, { timeout: 5000 }));
    await expect(await within(d).findByText('Transcription completed!', undefined, { timeout: 8000 })).toBeVisible();
    await expect(finished).toEqual([id]);
    // The pieces joined are one playable file of the recorded length.
    const stored = server.get(id)!;
    const audio = new Uint8Array(server.audio(id));
    await expect(audio.byteLength).toBe(stored.bytes);
    const decoded = await new AudioContext().decodeAudioData(audio.buffer);
    await expect(decoded.duration).toBeGreaterThan(1.5);
    await expect(Math.abs(decoded.duration * 1000 - stored.durationMs)).toBeLessThan(1000);
  },
};
