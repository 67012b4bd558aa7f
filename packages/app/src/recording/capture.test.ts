import { describe, expect, it, vi } from 'vitest';
import { MICROPHONE_LOST, PIECE_TIMESLICE_MS, startCapture } from './capture.ts';

/** Just enough of MediaRecorder: the test cuts pieces, stop hands over the last one. */
class FakeRecorder {
  static last: FakeRecorder;
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  mimeType: string;
  timeslice?: number;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(_stream: MediaStream, options?: MediaRecorderOptions) {
    this.mimeType = options?.mimeType ?? '';
    FakeRecorder.last = this;
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  requestData() {
    this.ondataavailable?.({ data: new Blob(['flushed']) });
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['end']) });
    this.onstop?.();
  }
  cut(text: string) {
    this.ondataavailable?.({ data: new Blob([text]) });
  }
}

function fakeStream() {
  const track = Object.assign(new EventTarget(), { stopped: false, stop: () => (track.stopped = true) });
  const stream = { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
}

describe('capture', () => {
  it('cuts 1 s pieces with the recorded time (pauses left out) and releases the microphone on stop', async () => {
    let clock = 0;
    const pieces: [string, number][] = [];
    const { stream, track } = fakeStream();
    const capture = startCapture({
      stream,
      mimeType: 'audio/webm;codecs=opus',
      MediaRecorder: FakeRecorder as unknown as typeof MediaRecorder,
      now: () => clock,
      createAnalyser: null,
      onPiece: (blob, ms) => void blob.text().then((text) => pieces.push([text, ms])),
      onError: () => {},
    });
    expect(FakeRecorder.last.timeslice).toBe(PIECE_TIMESLICE_MS);
    clock = 1000;
    FakeRecorder.last.cut('a');
    capture.pause();
    clock = 5000;
    expect(capture.elapsedMs()).toBe(1000);
    capture.resume();
    clock = 6000;
    FakeRecorder.last.cut('b');
    // The page is being hidden: what was recorded since the last piece goes out at once.
    capture.flush();
    await capture.stop();
    // Each piece's text is read asynchronously (Blob.text()): wait for all four rather than one timer tick.
    await vi.waitFor(() => expect(pieces).toHaveLength(4), { timeout: 10_000 });
    expect(pieces).toEqual([
      ['a', 1000],
      ['b', 2000],
      ['flushed', 2000],
      ['end', 2000],
    ]);
    expect(track.stopped).toBe(true);
    expect(capture.level()).toBe(0);
  });

  it('a microphone that goes away stops the recorder (its last piece kept) and reports it', async () => {
    const { stream, track } = fakeStream();
    const pieces: Blob[] = [];
    const errors: unknown[] = [];
    startCapture({
      stream,
      mimeType: 'audio/webm',
      MediaRecorder: FakeRecorder as unknown as typeof MediaRecorder,
      createAnalyser: null,
      onPiece: (blob) => pieces.push(blob),
      onError: (error) => errors.push(error),
    });
    track.dispatchEvent(new Event('ended'));
    expect(pieces).toHaveLength(1);
    expect((errors[0] as DOMException).name).toBe(MICROPHONE_LOST);
  });
});
