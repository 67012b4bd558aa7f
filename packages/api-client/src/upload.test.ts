import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http.ts';
import {
  fileExtension,
  generateUploadId,
  needsChunking,
  parseUploadResponse,
  planChunks,
  remainingChunks,
  retryDelay,
  uploadAudio,
  validateAudioFile,
  fileSizeExceededMessage,
  fileTooLargeMessage,
  type UploadReply,
  type UploadRequest,
} from './upload.ts';

const MB = 1024 * 1024;
const CHUNK = 26_214_400;

describe('validateAudioFile', () => {
  it('accepts the common audio and video formats, in any letter case', () => {
    for (const name of [
      'a.wav',
      'b.MP3',
      'c.webm',
      'talk.final.m4a',
      'd.flac',
      'e.ogg',
      'f.opus',
      'g.aac',
      'h.mp4',
      'i.MOV',
      'j.mkv',
      'k.3gp',
      'l.aiff',
      'm.caf',
    ]) {
      expect(validateAudioFile({ name, size: 1000 })).toBeNull();
    }
  });

  it('names a wrong extension in the message', () => {
    expect(validateAudioFile({ name: 'notes.pdf', size: 1000 })).toEqual({
      code: 'invalid-extension',
      ext: 'pdf',
      title: 'Invalid file extension',
      message:
        'File extension .pdf is not supported. Please upload a file with one of these extensions: wav, mp3, m4a, aac, flac, ogg, oga, opus, webm, mkv, mka, mp4, mov, 3gp, aif, aiff, aifc, caf',
      error: {
        code: 'UNSUPPORTED_EXTENSION',
        error:
          'File extension .pdf is not supported. Please upload a file with one of these extensions: wav, mp3, m4a, aac, flac, ogg, oga, opus, webm, mkv, mka, mp4, mov, 3gp, aif, aiff, aifc, caf',
        params: { ext: 'pdf', extensions: 'wav, mp3, m4a, aac, flac, ogg, oga, opus, webm, mkv, mka, mp4, mov, 3gp, aif, aiff, aifc, caf' },
      },
    });
  });

  it('gives the general type message for a name without extension or an empty file', () => {
    const expected = {
      code: 'invalid-type',
      title: 'Invalid file type',
      message: 'Please upload an audio or video file: wav, mp3, m4a, aac, flac, ogg, opus, webm, mkv, mp4, mov, 3gp, aiff or caf.',
      error: {
        code: 'INVALID_FILE_TYPE',
        error: 'Please upload an audio or video file: wav, mp3, m4a, aac, flac, ogg, opus, webm, mkv, mp4, mov, 3gp, aiff or caf.',
      },
    };
    expect(validateAudioFile({ name: 'recording', size: 1000 })).toEqual(expected);
    expect(validateAudioFile({ name: '.wav', size: 1000 })).toEqual(expected);
    expect(validateAudioFile({ name: 'empty.wav', size: 0 })).toEqual(expected);
  });

  it('accepts the formats browser recordings arrive in (mp4, ogg) as uploads too', () => {
    for (const name of ['recording.ogg', 'recording.mp4']) {
      expect(validateAudioFile({ name, size: 10 }), name).toBeNull();
      expect(validateAudioFile({ name, size: 10 }, { allowRecordings: true }), name).toBeNull();
    }
  });

  it('refuses one byte over 100 MB and accepts exactly 100 MB', () => {
    expect(validateAudioFile({ name: 'big.wav', size: 100 * MB })).toBeNull();
    expect(validateAudioFile({ name: 'big.wav', size: 100 * MB + 1 })).toEqual({
      code: 'too-large',
      title: 'File too large',
      message: 'Please upload a file smaller than 100MB.',
      error: { code: 'FILE_TOO_LARGE', error: 'Please upload a file smaller than 100MB.', params: { maxMb: '100' } },
    });
  });

  it('uses the configured limit in the check and in its message', () => {
    expect(validateAudioFile({ name: 'big.wav', size: 150 * MB }, { maxBytes: 200 * MB })).toBeNull();
    expect(validateAudioFile({ name: 'big.wav', size: 20 * MB + 1 }, { maxBytes: 20 * MB })?.message).toBe(
      'Please upload a file smaller than 20MB.',
    );
  });

  it("words the dialog's check with the file's size, rounded up so it never reads as the limit", () => {
    expect(validateAudioFile({ name: 'recording.webm', size: 120 * MB }, { sizeForm: 'dialog', allowRecordings: true })).toEqual({
      code: 'too-large',
      title: 'File too large',
      message: 'File size is 120 MB. Maximum supported is 100 MB.',
      error: {
        code: 'FILE_SIZE_EXCEEDED',
        error: 'File size is 120 MB. Maximum supported is 100 MB.',
        params: { sizeMb: '120', maxMb: '100' },
      },
    });
    expect(fileSizeExceededMessage(100 * MB + 1)).toBe('File size is 100.1 MB. Maximum supported is 100 MB.');
    expect(fileTooLargeMessage(1.5 * MB)).toBe('Please upload a file smaller than 1.5MB.');
  });
});

describe('chunk planning', () => {
  it('sends files up to exactly 25 MB in one request', () => {
    expect(needsChunking(CHUNK)).toBe(false);
    expect(needsChunking(CHUNK + 1)).toBe(true);
  });

  it('splits 60 MB into two full chunks and a rest, covering every byte once', () => {
    const size = 60 * MB;
    const chunks = planChunks(size, CHUNK);
    expect(chunks).toEqual([
      { index: 0, start: 0, end: CHUNK },
      { index: 1, start: CHUNK, end: 2 * CHUNK },
      { index: 2, start: 2 * CHUNK, end: size },
    ]);
  });

  it('plans four chunks for 100 MB', () => {
    expect(planChunks(100 * MB, CHUNK)).toHaveLength(4);
  });

  it('lists the chunks the server does not have, ignoring indices out of range', () => {
    expect(remainingChunks(4, [0, 2])).toEqual([1, 3]);
    expect(remainingChunks(3, [7, -1])).toEqual([0, 1, 2]);
    expect(remainingChunks(2, [0, 1])).toEqual([]);
  });

  it('backs off 1 s, 2 s, 4 s ... and never more than 30 s', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(10)).toBe(30_000);
  });

  it('makes upload ids the server accepts, different each time', () => {
    const a = generateUploadId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(generateUploadId()).not.toBe(a);
  });

  it('reads the lower-case extension of the last path part', () => {
    expect(fileExtension('dir.v2/Talk.WAV')).toBe('wav');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });

  it('accepts only { id: integer } as an upload answer', () => {
    expect(parseUploadResponse('{"id":7}')).toEqual({ id: 7 });
    expect(parseUploadResponse('{"id":"7"}')).toBeNull();
    expect(parseUploadResponse('<html>')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------
// The orchestration against a scripted server (no browser: the transport is the seam).

interface SentChunk {
  uploadId: string;
  chunkIndex: number;
  totalChunks: number;
  originalName: string;
  fieldOrder: string[];
  bytes: number;
}

function fakeServer(script: { chunk?: (index: number, attempt: number) => UploadReply | 'network' | undefined } = {}) {
  const log: string[] = [];
  const chunks: SentChunk[] = [];
  const stored = new Map<number, number>();
  const attempts = new Map<number, number>();
  let finalize: unknown = null;
  // The single upload's form: its fields in order (the file by its field name).
  let single: Array<[string, string]> = [];
  let singleReply: UploadReply = { status: 200, text: '{"id":41}' };
  let finalizeReply: UploadReply | 'lost' | null = null;
  let transcriptId: number | null = null;
  const transport = async (req: UploadRequest): Promise<UploadReply> => {
    if (req.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    log.push(`${req.method} ${req.url}`);
    if (req.url.endsWith('/api/transcripts/upload')) {
      single = [...(req.body as FormData).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : 'file']);
      req.onUploadProgress?.(0.5);
      req.onUploadProgress?.(1);
      return singleReply;
    }
    if (req.url.endsWith('/api/transcripts/upload-chunk')) {
      const form = req.body as FormData;
      const index = Number(form.get('chunkIndex'));
      const attempt = (attempts.get(index) ?? 0) + 1;
      attempts.set(index, attempt);
      const blob = form.get('chunk') as Blob;
      chunks.push({
        uploadId: String(form.get('uploadId')),
        chunkIndex: index,
        totalChunks: Number(form.get('totalChunks')),
        originalName: String(form.get('originalName')),
        fieldOrder: [...form.keys()],
        bytes: blob.size,
      });
      req.onUploadProgress?.(1);
      const scripted = script.chunk?.(index, attempt);
      if (scripted === 'network') {
        // Cut off after the bytes arrived: the server has the chunk, the browser never hears back.
        stored.set(index, blob.size);
        throw new TypeError('Network error');
      }
      if (scripted) return scripted;
      stored.set(index, blob.size);
      return { status: 200, text: '{"ok":true}' };
    }
    if (req.url.includes('/api/transcripts/uploads/')) {
      return {
        status: 200,
        text: JSON.stringify({ uploadId: 'x', totalChunks: 3, receivedChunks: [...stored.keys()], transcriptId }),
      };
    }
    if (req.url.endsWith('/api/transcripts/finalize-upload')) {
      finalize = JSON.parse(req.body as string);
      if (finalizeReply === 'lost') {
        // Finalized on the server, but the answer never reached the browser.
        transcriptId = 99;
        throw new TypeError('Network error');
      }
      if (finalizeReply) return finalizeReply;
      transcriptId = 99;
      return { status: 200, text: '{"id":99}' };
    }
    return { status: 404, text: '{"error":"Not found"}' };
  };
  return {
    transport,
    log,
    chunks,
    stored,
    get finalize() {
      return finalize;
    },
    get single() {
      return single;
    },
    setSingleReply: (r: UploadReply) => (singleReply = r),
    setFinalizeReply: (r: UploadReply | 'lost') => (finalizeReply = r),
    setTranscriptId: (id: number) => (transcriptId = id),
  };
}

// Sizes scaled down: a 1,000-byte chunk stands for 25 MB, 2,500 bytes for a 60 MB file.
const file = (size: number, name = 'talk.wav') => Object.assign(new Blob([new Uint8Array(size)]), { name });
const small = { chunkBytes: 1000, maxBytes: 4000, retryBaseMs: 0 };

describe('uploadAudio', () => {
  it('sends a file of one chunk or less as a single `audio` POST and reports progress to 1', async () => {
    const server = fakeServer();
    const seen: number[] = [];
    const result = await uploadAudio(file(1000), { ...small, transport: server.transport, onProgress: (f) => seen.push(f) });
    expect(result).toEqual({ id: 41 });
    expect(server.log).toEqual(['POST /api/transcripts/upload']);
    expect(seen).toEqual([0, 0.5, 1]);
  });

  it('passes the server error of a refused single upload through, else the status message', async () => {
    const server = fakeServer();
    server.setSingleReply({ status: 400, text: '{"error":"The file content is not a supported audio format."}' });
    await expect(uploadAudio(file(10), { ...small, transport: server.transport })).rejects.toThrow(
      'The file content is not a supported audio format.',
    );
    server.setSingleReply({ status: 502, text: 'Bad gateway' });
    await expect(uploadAudio(file(10), { ...small, transport: server.transport })).rejects.toThrow('Upload failed with status 502');
    server.setSingleReply({ status: 200, text: 'OK' });
    await expect(uploadAudio(file(10), { ...small, transport: server.transport })).rejects.toThrow('Invalid response format');
  });

  it('refuses a bad file before sending anything', async () => {
    const server = fakeServer();
    await expect(uploadAudio(file(10, 'slides.pdf'), { ...small, transport: server.transport })).rejects.toThrow(
      'File extension .pdf is not supported',
    );
    await expect(uploadAudio(file(4001), { ...small, transport: server.transport })).rejects.toThrow(fileTooLargeMessage(small.maxBytes));
    expect(server.log).toEqual([]);
  });

  it('sends a larger file in chunks, fields before the file, then finalizes', async () => {
    const server = fakeServer();
    const seen: number[] = [];
    const result = await uploadAudio(file(2500), { ...small, transport: server.transport, onProgress: (f) => seen.push(f) });
    expect(result).toEqual({ id: 99 });
    expect(server.chunks.map((c) => [c.chunkIndex, c.totalChunks, c.bytes])).toEqual([
      [0, 3, 1000],
      [1, 3, 1000],
      [2, 3, 500],
    ]);
    for (const c of server.chunks) {
      expect(c.fieldOrder).toEqual(['uploadId', 'chunkIndex', 'totalChunks', 'originalName', 'chunk']);
      expect(c.uploadId).toBe(server.chunks[0].uploadId);
      expect(c.originalName).toBe('talk.wav');
    }
    expect(server.finalize).toEqual({ uploadId: server.chunks[0].uploadId, originalName: 'talk.wav', totalChunks: 3 });
    expect(seen[seen.length - 1]).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen); // never goes backwards
  });

  it('sends the language, vocabulary and count of speakers with the file, or in the finalize of a chunked one', async () => {
    const server = fakeServer();
    const choices = { language: 'en', vocabulary: ['Ada', 'Babbage'], speakers: 2 } as const;
    await uploadAudio(file(1000), { ...small, ...choices, transport: server.transport });
    expect(server.single).toEqual([
      ['language', 'en'],
      ['vocabulary', 'Ada\nBabbage'],
      ['speakers', '2'],
      ['audio', 'file'],
    ]);
    await uploadAudio(file(2500), { ...small, ...choices, transport: server.transport });
    expect(server.finalize).toMatchObject({ language: 'en', vocabulary: ['Ada', 'Babbage'], speakers: 2 });
    // Left out, 'auto' is the server's default: nothing is sent.
    await uploadAudio(file(1000), { ...small, transport: server.transport });
    expect(server.single.map(([k]) => k)).toEqual(['audio']);
  });

  it('after a cut-off chunk asks the server and does not send that chunk again', async () => {
    const server = fakeServer({ chunk: (index, attempt) => (index === 1 && attempt === 1 ? 'network' : undefined) });
    const result = await uploadAudio(file(2500), { ...small, transport: server.transport });
    expect(result).toEqual({ id: 99 });
    expect(server.chunks.map((c) => c.chunkIndex)).toEqual([0, 1, 2]);
    expect(server.log.filter((l) => l.startsWith('GET /api/transcripts/uploads/'))).toHaveLength(1);
  });

  it('retries a chunk the server failed on (5xx) and gives up after three tries', async () => {
    const flaky = fakeServer({ chunk: (index, attempt) => (index === 0 && attempt < 3 ? { status: 503, text: '' } : undefined) });
    await expect(uploadAudio(file(1500), { ...small, transport: flaky.transport })).resolves.toEqual({ id: 99 });
    expect(flaky.chunks.map((c) => c.chunkIndex)).toEqual([0, 0, 0, 1]);

    const broken = fakeServer({ chunk: () => ({ status: 500, text: '' }) });
    const error = await uploadAudio(file(1500), { ...small, transport: broken.transport }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Chunk upload failed');
    expect(broken.chunks).toHaveLength(3);
    expect(broken.log.some((l) => l.includes('finalize'))).toBe(false);
  });

  it('does not retry a chunk the server refused, and shows its error', async () => {
    const server = fakeServer({ chunk: () => ({ status: 400, text: '{"error":"Chunk index out of range"}' }) });
    await expect(uploadAudio(file(1500), { ...small, transport: server.transport })).rejects.toThrow('Chunk index out of range');
    expect(server.chunks).toHaveLength(1);
  });

  it('retries a chunk the server is too busy for (429), and not one it forbids (403)', async () => {
    const busy = fakeServer({ chunk: (index, attempt) => (index === 0 && attempt === 1 ? { status: 429, text: '' } : undefined) });
    await expect(uploadAudio(file(1500), { ...small, transport: busy.transport })).resolves.toEqual({ id: 99 });
    expect(busy.chunks.map((c) => c.chunkIndex)).toEqual([0, 0, 1]);

    const forbidden = fakeServer({ chunk: () => ({ status: 403, text: '{"error":"Forbidden"}' }) });
    await expect(uploadAudio(file(1500), { ...small, transport: forbidden.transport })).rejects.toThrow('Forbidden');
    expect(forbidden.chunks).toHaveLength(1);
  });

  describe('waits between tries', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('waits between half and all of the backoff (1 s, then 2 s), as the random source says', async () => {
      const flaky = fakeServer({ chunk: (index, attempt) => (index === 0 && attempt < 3 ? { status: 503, text: '' } : undefined) });
      const done = uploadAudio(file(1500), { ...small, retryBaseMs: 1000, random: () => 0, transport: flaky.transport });
      const tries = () => flaky.chunks.filter((c) => c.chunkIndex === 0).length;
      await vi.advanceTimersByTimeAsync(0);
      expect(tries()).toBe(1);
      await vi.advanceTimersByTimeAsync(499);
      expect(tries()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(tries()).toBe(2);
      await vi.advanceTimersByTimeAsync(999);
      expect(tries()).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(tries()).toBe(3);
      await expect(done).resolves.toEqual({ id: 99 });
    });

    it('stops at once when aborted while waiting to retry, and sends nothing more', async () => {
      const broken = fakeServer({ chunk: () => ({ status: 503, text: '' }) });
      const controller = new AbortController();
      const done = uploadAudio(file(1500), { ...small, retryBaseMs: 10_000, transport: broken.transport, signal: controller.signal }).catch(
        (e: unknown) => e,
      );
      await vi.advanceTimersByTimeAsync(1000);
      expect(broken.chunks).toHaveLength(1);
      controller.abort();
      expect(((await done) as DOMException).name).toBe('AbortError');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(broken.chunks).toHaveLength(1);
      expect(broken.log.filter((l) => l.startsWith('GET '))).toEqual([]);
    });
  });

  it('resumes a known upload id: sends only the chunks the server lacks', async () => {
    const server = fakeServer();
    server.stored.set(0, 1000);
    server.stored.set(2, 500);
    const ids: string[] = [];
    await uploadAudio(file(2500), { ...small, transport: server.transport, uploadId: 'resume-me-123', onUploadId: (id) => ids.push(id) });
    expect(ids).toEqual(['resume-me-123']);
    expect(server.chunks.map((c) => [c.uploadId, c.chunkIndex])).toEqual([['resume-me-123', 1]]);
    expect(server.log[0]).toBe('GET /api/transcripts/uploads/resume-me-123');
  });

  it('reports a failed finalize with the server error or the fallback', async () => {
    const server = fakeServer();
    server.setFinalizeReply({ status: 400, text: '{"error":"Missing chunk 1"}' });
    await expect(uploadAudio(file(2500), { ...small, transport: server.transport })).rejects.toThrow('Missing chunk 1');
    server.setFinalizeReply({ status: 500, text: 'oops' });
    await expect(uploadAudio(file(2500), { ...small, transport: server.transport })).rejects.toThrow('Upload finalization failed');
  });

  it('finds the transcript of a finalize whose answer got lost', async () => {
    const server = fakeServer();
    server.setFinalizeReply('lost');
    await expect(uploadAudio(file(2500), { ...small, transport: server.transport })).resolves.toEqual({ id: 99 });
    expect(server.log.slice(-2)).toEqual([
      'POST /api/transcripts/finalize-upload',
      expect.stringMatching(/^GET \/api\/transcripts\/uploads\//),
    ]);
  });

  it('resuming an upload that was already finalized sends nothing and returns its transcript', async () => {
    const server = fakeServer();
    server.setTranscriptId(12);
    await expect(uploadAudio(file(2500), { ...small, transport: server.transport, uploadId: 'done-already-1' })).resolves.toEqual({
      id: 12,
    });
    expect(server.log).toEqual(['GET /api/transcripts/uploads/done-already-1']);
  });

  it('stops at once when aborted', async () => {
    const server = fakeServer();
    const controller = new AbortController();
    controller.abort();
    const error = await uploadAudio(file(2500), { ...small, transport: server.transport, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect((error as DOMException).name).toBe('AbortError');
  });
});
