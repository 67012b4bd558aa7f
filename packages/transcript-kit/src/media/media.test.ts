import { setupI18n, type MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { microphoneErrorMessage, playbackErrorHint, playbackErrorMessage } from './errors.ts';
import { pickRecorderMimeType, recordingExtension, recordingFileName, RECORDING_CONSTRAINTS } from './recorder.ts';

// An English i18n without a catalog renders each descriptor's source text.
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const text = (descriptor: MessageDescriptor) => i18n._(descriptor);

describe('playbackErrorMessage', () => {
  it('maps MediaError codes to the spec texts', () => {
    expect(text(playbackErrorMessage(4))).toBe('Audio file not found or format not supported');
    expect(text(playbackErrorMessage(2))).toBe('Network error while loading audio');
    expect(text(playbackErrorMessage(3))).toBe('Error decoding audio file');
    expect(text(playbackErrorMessage(1))).toBe('Audio loading was aborted');
  });

  it("falls back to 'Error playing audio'", () => {
    expect(text(playbackErrorMessage(0))).toBe('Error playing audio');
    expect(text(playbackErrorMessage(undefined))).toBe('Error playing audio');
    expect(text(playbackErrorMessage(null))).toBe('Error playing audio');
  });

  it('comes with a hint to contact support', () => {
    expect(text(playbackErrorHint)).toMatch(/contact support/);
  });
});

describe('microphoneErrorMessage', () => {
  const named = (name: string) => Object.assign(new Error('x'), { name });

  it.each([
    ['NotSupportedError', /not supported by this browser/],
    ['NotAllowedError', /access was denied/],
    ['PermissionDeniedError', /access was denied/],
    ['NotFoundError', /No microphone was found/],
    ['DevicesNotFoundError', /No microphone was found/],
    ['NotReadableError', /in use by another application/],
    ['TrackStartError', /in use by another application/],
    ['OverconstrainedError', /cannot satisfy the requested audio settings/],
    ['SecurityError', /blocked for security reasons.*HTTPS/],
    ['AbortError', /interrupted/],
    ['MicrophoneLostError', /disconnected or stopped working\. What was recorded until then is kept/],
  ])('%s', (name, expected) => {
    expect(text(microphoneErrorMessage(named(name)))).toMatch(expected);
    // DOMException-like objects (what getUserMedia rejects with) work the same.
    expect(text(microphoneErrorMessage({ name }))).toMatch(expected);
  });

  it("falls back to 'An error occurred while recording'", () => {
    expect(text(microphoneErrorMessage(new TypeError('boom')))).toBe('An error occurred while recording');
    expect(text(microphoneErrorMessage('oops'))).toBe('An error occurred while recording');
    expect(text(microphoneErrorMessage(null))).toBe('An error occurred while recording');
  });
});

describe('pickRecorderMimeType', () => {
  const supports =
    (...types: string[]) =>
    (type: string) =>
      types.includes(type);

  it('prefers mp4, then webm opus, ogg opus, wav', () => {
    expect(pickRecorderMimeType(supports('audio/wav', 'audio/mp4', 'audio/webm;codecs=opus'))).toBe('audio/mp4');
    expect(pickRecorderMimeType(supports('audio/wav', 'audio/ogg;codecs=opus', 'audio/webm;codecs=opus'))).toBe('audio/webm;codecs=opus');
    expect(pickRecorderMimeType(supports('audio/wav', 'audio/ogg;codecs=opus'))).toBe('audio/ogg;codecs=opus');
    expect(pickRecorderMimeType(supports('audio/wav'))).toBe('audio/wav');
  });

  it('defaults to webm when nothing (or no check) is available', () => {
    expect(pickRecorderMimeType(supports())).toBe('audio/webm');
    expect(pickRecorderMimeType(undefined)).toBe('audio/webm');
    expect(
      pickRecorderMimeType(() => {
        throw new Error('unsupported');
      }),
    ).toBe('audio/webm');
  });
});

describe('recording file names', () => {
  it('names recordings by their type', () => {
    expect(recordingFileName('audio/webm;codecs=opus')).toBe('recording.webm');
    expect(recordingFileName('audio/webm')).toBe('recording.webm');
    expect(recordingFileName('audio/mp4')).toBe('recording.mp4');
    expect(recordingFileName('audio/mp4;codecs=mp4a.40.2')).toBe('recording.mp4');
    expect(recordingFileName('audio/ogg;codecs=opus')).toBe('recording.ogg');
    expect(recordingFileName('audio/wav')).toBe('recording.wav');
    expect(recordingExtension('')).toBe('webm');
    expect(recordingExtension(undefined)).toBe('webm');
  });

  it('asks for echo cancellation, noise suppression and 44.1 kHz', () => {
    expect(RECORDING_CONSTRAINTS).toEqual({ audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 44100 } });
  });
});
