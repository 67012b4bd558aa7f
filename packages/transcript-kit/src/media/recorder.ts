/**
 * MediaRecorder types in the spec's order of preference (§9): mp4, then webm/opus, ogg/opus, wav.
 * Safari records mp4, Chromium webm/opus, Firefox ogg/opus.
 */
export const RECORDER_MIME_TYPES = ['audio/mp4', 'audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/wav'] as const;

/** When the browser supports none of them (or cannot say), MediaRecorder is asked for webm. */
export const DEFAULT_RECORDER_MIME_TYPE = 'audio/webm';

/** The first supported type of RECORDER_MIME_TYPES; webm when none is (or isTypeSupported is missing). */
export function pickRecorderMimeType(isTypeSupported?: (type: string) => boolean): string {
  if (!isTypeSupported) return DEFAULT_RECORDER_MIME_TYPE;
  for (const type of RECORDER_MIME_TYPES) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // A browser that throws for an unknown type simply does not support it.
    }
  }
  return DEFAULT_RECORDER_MIME_TYPE;
}

export type RecordingExtension = 'webm' | 'mp4' | 'ogg' | 'wav';

/** The file extension for a recorded type ('audio/webm;codecs=opus' -> 'webm'); webm when unknown. */
export function recordingExtension(mimeType: string | null | undefined): RecordingExtension {
  const type = (mimeType ?? '').toLowerCase().split(';')[0].trim();
  if (type === 'audio/mp4' || type === 'video/mp4' || type === 'audio/x-m4a' || type === 'audio/aac') return 'mp4';
  if (type === 'audio/ogg' || type === 'application/ogg') return 'ogg';
  if (type === 'audio/wav' || type === 'audio/wave' || type === 'audio/x-wav') return 'wav';
  return 'webm';
}

/** Upload name of a recording (docs/product-spec.md §7: 'recording' with the type's extension). */
export function recordingFileName(mimeType: string | null | undefined): string {
  return `recording.${recordingExtension(mimeType)}`;
}

/** getUserMedia constraints of the spec (§9): echo cancellation, noise suppression, 44.1 kHz. */
export const RECORDING_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 44100 },
};
