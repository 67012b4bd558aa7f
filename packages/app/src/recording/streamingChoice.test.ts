import { describe, expect, it } from 'vitest';
import { recordsStreaming } from './streamingChoice.ts';

const capable = { indexedDB: true, mediaRecorder: true };

describe('recordsStreaming', () => {
  it('streams while the support check has not answered yet, when the browser can', () => {
    expect(recordsStreaming({}, capable)).toBe(true);
  });

  it('records the whole file while unknown in a browser without IndexedDB or MediaRecorder', () => {
    expect(recordsStreaming({}, { indexedDB: false, mediaRecorder: true })).toBe(false);
    expect(recordsStreaming({}, { indexedDB: true, mediaRecorder: false })).toBe(false);
  });

  it('records the whole file when the check failed (the outbox could not be read)', () => {
    expect(recordsStreaming({ error: new Error('IndexedDB failed') }, capable)).toBe(false);
  });

  it("follows the check's answer once there is one", () => {
    expect(recordsStreaming({ data: { supported: false, unfinished: [] } }, capable)).toBe(false);
    expect(recordsStreaming({ data: { supported: true, unfinished: [] } }, { indexedDB: false, mediaRecorder: false })).toBe(true);
  });
});
