import { describe, expect, it } from 'vitest';
import { finalizeUploadRequestSchema, parseSpeakersOption, speakerLimits } from './library.schemas.ts';

describe('the speakers option', () => {
  it("reads 'auto' and the counts 1 to the limit as a form field sends them", () => {
    expect(parseSpeakersOption('auto')).toBe('auto');
    expect(parseSpeakersOption(' 2 ')).toBe(2);
    expect(parseSpeakersOption(String(speakerLimits.max))).toBe(speakerLimits.max);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', String(speakerLimits.max + 1), '2.5', '-1', 'two', 'Auto', '1e1', '007']) {
      expect(parseSpeakersOption(text), text).toBeNull();
    }
  });

  it("is optional in a chunked upload's finalize, and checked there too", () => {
    const base = { uploadId: 'abcdefgh', originalName: 'a.wav', totalChunks: 1 };
    expect(finalizeUploadRequestSchema.safeParse(base).success).toBe(true);
    expect(finalizeUploadRequestSchema.safeParse({ ...base, speakers: 3 }).success).toBe(true);
    expect(finalizeUploadRequestSchema.safeParse({ ...base, speakers: 'auto' }).success).toBe(true);
    expect(finalizeUploadRequestSchema.safeParse({ ...base, speakers: 0 }).success).toBe(false);
  });
});
