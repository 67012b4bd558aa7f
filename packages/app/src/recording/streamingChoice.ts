// Which way the Record dialog records: streamed in pieces, or the whole file uploaded at the end.
// Decided when Record is pressed, which can be before the support check has answered (it opens
// IndexedDB and asks the server for unfinished recordings; on a busy machine that takes seconds).
// Not knowing yet is not a reason to fall back: a browser that can stream does, unless the check has
// said it cannot (no outbox, or a server without the recording routes).
import type { RecordingSupport } from './useRecording.ts';

/** What the browser offers: IndexedDB for the outbox, MediaRecorder for the pieces. */
export interface BrowserRecordingFeatures {
  indexedDB: boolean;
  mediaRecorder: boolean;
}

export function browserRecordingFeatures(): BrowserRecordingFeatures {
  return { indexedDB: typeof indexedDB !== 'undefined', mediaRecorder: typeof MediaRecorder !== 'undefined' };
}

/**
 * Whether a recording started now streams: the check's answer once there is one; a check that failed
 * (the outbox could not be read) means no; while it runs, what the browser has.
 */
export function recordsStreaming(check: { data?: RecordingSupport; error?: unknown }, browser: BrowserRecordingFeatures): boolean {
  if (check.data) return check.data.supported;
  if (check.error !== undefined) return false;
  return browser.indexedDB && browser.mediaRecorder;
}
