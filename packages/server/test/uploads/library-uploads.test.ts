import { apiErrorText, fileTooLargeMessage, libraryMessages } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers.ts';
import { wavFile } from '../support/wav-builder.ts';
import {
  CHUNK,
  filler,
  fixture,
  libraryUser,
  MB,
  newUploadId,
  postStream,
  rowCounts,
  storedFiles,
  streamedMultipart,
  syntheticWav,
  transcriptIds,
  wavHeader,
} from '../library-helpers.ts';

describe('uploads', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const user = () => libraryUser(server);

  /** Runs `fn` and checks it left no stored file and no library row behind. */
  async function leavesNothing(fn: () => Promise<void>) {
    const files = storedFiles(server);
    const rows = await rowCounts(server);
    await fn();
    expect(storedFiles(server)).toEqual(files);
    expect(await rowCounts(server)).toEqual(rows);
  }

  it('accepts the LibriVox recording: a processing transcript in the tree, its audio stored as sent', async () => {
    const a = await user();
    const wav = fixture('wav');
    const res = await a.upload('librivox-sense-and-sensibility-0870.wav', wav);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(Number) });
    const id = res.json.id!;

    expect(await a.tree()).toEqual([
      {
        id,
        type: 'transcript',
        name: 'librivox-sense-and-sensibility-0870',
        createdAt: expect.any(String),
        status: 'processing',
        duration: null,
      },
    ]);
    const t = await a.get(`/api/transcripts/${id}`);
    expect(t.json).toEqual({
      id,
      title: 'librivox-sense-and-sensibility-0870',
      content: '',
      audioUrl: `/api/transcripts/${id}/audio`,
      mediaKind: 'audio',
      folderId: null,
      createdAt: expect.any(String),
      // A new transcript is at revision 1 (the engine's output, once it is there).
      revision: 1,
      metadata: {
        duration: null,
        status: 'processing',
        progress: 0,
        error: null,
        errorCode: null,
        errorParams: null,
        language: 'en',
        timestamps: [],
      },
    });
    expect(storedFiles(server)).toContain(`users/${a.id}/transcripts/${id}/audio.wav`);

    const audio = await fetch(`${server.url}/api/transcripts/${id}/audio`, { headers: { Cookie: a.cookie } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(audio.headers.get('accept-ranges')).toBe('bytes');
    expect(audio.headers.get('content-length')).toBe(String(wav.length));
    expect(Buffer.from(await audio.arrayBuffer()).equals(wav)).toBe(true);

    // A transcription job waits in the queue for it.
    const { selectRows } = await import('../../src/db/client.ts');
    const { sql } = await import('drizzle-orm');
    const jobs = await selectRows<{ data: { transcriptId: number } }>(
      server.app.database.db,
      sql`select data from pgboss.job where name = 'transcription'`,
    );
    expect(jobs.map((j) => j.data.transcriptId)).toContain(id);
  });

  it('accepts every supported container, recognised by content, served with its type', async () => {
    const a = await user();
    const cases: Array<[string, Buffer, string, string]> = [
      ['clip.m4a', fixture('m4a'), 'audio/mp4', 'm4a'],
      ['recording.webm', fixture('webm'), 'audio/webm', 'webm'],
      ['recording.ogg', fixture('ogg'), 'audio/ogg', 'ogg'],
      ['recording.mp4', fixture('m4a'), 'audio/mp4', 'mp4'],
      // The name says wav, the bytes are Ogg: still audio, stored and served as what it is.
      ['mislabelled.wav', fixture('opus.ogg'), 'audio/ogg', 'ogg'],
      ['frames.MP3', fixture('mp3').subarray(0, 20_000), 'audio/mpeg', 'mp3'],
      // The formats users bring (docs/decisions.md, "Audio formats"), video included.
      ['talk.mp3', fixture('mp3'), 'audio/mpeg', 'mp3'],
      ['talk.flac', fixture('flac'), 'audio/flac', 'flac'],
      ['talk.aac', fixture('adts.aac'), 'audio/aac', 'aac'],
      ['talk.m4a', fixture('alac.m4a'), 'audio/mp4', 'm4a'],
      ['talk.aif', fixture('aiff'), 'audio/aiff', 'aif'],
      ['talk.aifc', fixture('float.aifc'), 'audio/aiff', 'aifc'],
      ['talk.caf', fixture('caf'), 'audio/x-caf', 'caf'],
      ['voice-note.opus', fixture('opus'), 'audio/ogg', 'opus'],
      ['talk.oga', fixture('vorbis.oga'), 'audio/ogg', 'oga'],
      ['wide.wav', fixture('8ch-8k-u8.wav'), 'audio/wav', 'wav'],
      // With a video track: served as video (video-uploads.test.ts).
      ['zoom-call.mp4', fixture('video.mp4'), 'video/mp4', 'mp4'],
      ['iphone.MOV', fixture('video.mov'), 'video/quicktime', 'mov'],
      ['old-phone.3gp', fixture('video.3gp'), 'video/3gpp', '3gp'],
      ['screen.mkv', fixture('video.mkv'), 'video/x-matroska', 'mkv'],
      // A FLAC named .mp3 is stored and served as the FLAC it is.
      ['mislabelled.mp3', fixture('flac'), 'audio/flac', 'flac'],
    ];
    for (const [name, data, type, ext] of cases) {
      const res = await a.upload(name, data);
      expect(res.status, name).toBe(201);
      const audio = await fetch(`${server.url}/api/transcripts/${res.json.id}/audio`, { headers: { Cookie: a.cookie } });
      expect(audio.headers.get('content-type'), name).toBe(type);
      expect(Buffer.from(await audio.arrayBuffer()).equals(data), name).toBe(true);
      expect(storedFiles(server)).toContain(`users/${a.id}/transcripts/${res.json.id}/audio.${ext}`);
    }
  });

  it('serves exactly the bytes a Range asks for (206), and 416 past the end', async () => {
    const a = await user();
    const wav = fixture('wav');
    const { json } = await a.upload('range.wav', wav);
    const url = `${server.url}/api/transcripts/${json.id}/audio`;
    const get = (range?: string) => fetch(url, { headers: { Cookie: a.cookie, ...(range ? { Range: range } : {}) } });
    const size = wav.length;

    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-1000', 1000, 1000],
      ['bytes=200000-', 200000, size - 1],
      ['bytes=-10', size - 10, size - 1],
      [`bytes=100-${size + 5000}`, 100, size - 1],
    ] as const) {
      const res = await get(range);
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length, range).toBe(end - start + 1);
      expect(body.equals(wav.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const res = await get(range);
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
      await res.arrayBuffer();
    }
    const head = await fetch(url, { method: 'HEAD', headers: { Cookie: a.cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('content-type')).toBe('audio/wav');
    // Ranges it does not serve (several, other units, malformed): the whole file, as HTTP allows.
    for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=abc', 'bytes=9-3']) {
      const res = await get(range);
      expect(res.status, range).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(size);
    }
  });

  it('refuses a wrong extension, even with real audio inside', async () => {
    const a = await user();
    await leavesNothing(async () => {
      for (const name of ['notes.txt', 'audio', 'clip.wav.exe', 'clip.pdf', '.', '../']) {
        const res = await a.upload(name, fixture('wav'));
        expect(res.status, name).toBe(400);
        expect(res.json).toEqual({ error: apiErrorText('INVALID_FILE_TYPE'), code: 'INVALID_FILE_TYPE' });
      }
    });
  });

  it('refuses a right extension with the wrong content', async () => {
    const a = await user();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), filler(0, 5000)]);
    await leavesNothing(async () => {
      for (const [name, data] of [
        ['talk.wav', pdf],
        ['talk.mp3', Buffer.from('just some text that is long enough')],
        ['talk.webm', Buffer.from('<html><body>hi</body></html>')],
        ['talk.m4a', Buffer.alloc(3000)],
        ['tiny.wav', Buffer.from('RIFF')],
        ['empty.wav', Buffer.alloc(0)],
      ] as const) {
        const res = await a.upload(name, data);
        expect(res.status, name).toBe(400);
        expect(res.json).toEqual({ error: libraryMessages.invalidContent, code: 'INVALID_CONTENT' });
      }
      // The first chunk of a chunked upload is checked the same way.
      const res = await a.chunk({ uploadId: newUploadId(), chunkIndex: 0, totalChunks: 1, originalName: 'x.wav' }, pdf);
      expect(res).toEqual({ status: 400, json: { error: libraryMessages.invalidContent, code: 'INVALID_CONTENT' } });
    });
  });

  it('refuses a WAV whose header no real audio has within a second, before storing or charging it', async () => {
    const a = await user();
    const balance = async () => ((await a.get('/api/credits/balance')).json as unknown as { balance: number }).balance;
    const before = await balance();
    await leavesNothing(async () => {
      for (const [name, data] of [
        ['one-hertz.wav', wavFile({ sampleRate: 1, data: Buffer.alloc(16000) })],
        ['nine-channels.wav', wavFile({ channels: 9, data: Buffer.alloc(18000) })],
        ['twelve-bit.wav', wavFile({ bits: 12, blockAlign: 2, data: Buffer.alloc(16000) })],
      ] as const) {
        const started = performance.now();
        const res = await a.upload(name, data);
        expect(performance.now() - started, name).toBeLessThan(1000);
        expect(res, name).toEqual({
          status: 400,
          json: { error: apiErrorText('AUDIO_HEADER_IMPLAUSIBLE'), code: 'AUDIO_HEADER_IMPLAUSIBLE' },
        });
      }
      // The first chunk of a chunked upload is checked the same way.
      const res = await a.chunk(
        { uploadId: newUploadId(), chunkIndex: 0, totalChunks: 1, originalName: 'x.wav' },
        wavFile({ sampleRate: 1, data: Buffer.alloc(16000) }),
      );
      expect(res.json.code).toBe('AUDIO_HEADER_IMPLAUSIBLE');
    });
    expect(await balance()).toBe(before);
  });

  it('cleans paths out of the file name; a name that is only a path is refused', async () => {
    const a = await user();
    const res = await a.upload('../../etc/evil.wav', fixture('wav'));
    expect(res.status).toBe(201);
    const t = await a.get(`/api/transcripts/${res.json.id}`);
    expect(t.json.title).toBe('evil');
    expect(storedFiles(server).filter((f) => f.includes(`/transcripts/${res.json.id}/`))).toEqual([
      `users/${a.id}/transcripts/${res.json.id}/audio.wav`,
    ]);
    const win = await a.upload('C:\\Users\\me\\..\\talk\u0000\u202e.wav', fixture('wav'));
    expect((await a.get(`/api/transcripts/${win.json.id}`)).json.title).toBe('talk');

    await leavesNothing(async () => {
      for (const originalName of ['../', '..', '../..', 'a/b/']) {
        const chunk = await a.chunk({ uploadId: newUploadId(), chunkIndex: 0, totalChunks: 1, originalName }, fixture('wav'));
        expect(chunk, originalName).toEqual({ status: 400, json: { error: libraryMessages.invalidFileType, code: 'INVALID_FILE_TYPE' } });
      }
      const single = await a.upload('../', fixture('wav'));
      expect(single.status).toBe(400);
    });
    // A chunked upload named with a path lands under its clean name.
    const uploadId = newUploadId();
    expect((await a.chunk({ uploadId, chunkIndex: 0, totalChunks: 1, originalName: '../../x.wav' }, fixture('wav'))).status).toBe(200);
    const fin = await a.finalize(uploadId, '..\\..\\x.wav', 1);
    expect(fin.status).toBe(201);
    expect((await a.get(`/api/transcripts/${fin.json.id}`)).json.title).toBe('x');
  });

  it('refuses 100 MB + 1 byte, cutting the stream, in one request and in chunks', async () => {
    const a = await user();
    const size = 100 * MB + 1;
    const wav = { size, slice: (s: number, e: number) => (s === 0 ? Buffer.concat([wavHeader(size - 44), filler(44, e)]) : filler(s, e)) };
    await leavesNothing(async () => {
      // One request: streamed, never held; the server stops storing at its limit.
      const single = await postStream(
        server,
        a.cookie,
        '/api/transcripts/upload',
        streamedMultipart({}, { field: 'audio', filename: 'huge.wav', ...wav }),
      );
      expect(single.status).toBe(413);
      expect(single.json.error).toBe('Files larger than 25MB must be uploaded in chunks.');

      // In chunks, as the browser plans them: 5 chunks of which the last holds 1 byte.
      const uploadId = newUploadId();
      const first = await postStream(
        server,
        a.cookie,
        '/api/transcripts/upload-chunk',
        streamedMultipart(
          { uploadId, chunkIndex: '0', totalChunks: '5', originalName: 'huge.wav' },
          { field: 'chunk', filename: 'huge.wav', size: CHUNK, slice: wav.slice },
        ),
      );
      expect(first).toEqual({
        status: 413,
        json: { error: 'Please upload a file smaller than 100MB.', code: 'FILE_TOO_LARGE', params: { maxMb: '100' } },
      });
      const last = await a.chunk({ uploadId, chunkIndex: 4, totalChunks: 5, originalName: 'huge.wav' }, Buffer.from([1]));
      expect(last).toEqual({ status: 413, json: { error: fileTooLargeMessage(), code: 'FILE_TOO_LARGE', params: { maxMb: '100' } } });
      // A chunk larger than a chunk may be: cut at the limit as well.
      const fat = await postStream(
        server,
        a.cookie,
        '/api/transcripts/upload-chunk',
        streamedMultipart(
          { uploadId, chunkIndex: '3', totalChunks: '4', originalName: 'huge.wav' },
          { field: 'chunk', filename: 'huge.wav', size: CHUNK + 1, slice: filler },
        ),
      );
      expect(fat).toEqual({
        status: 413,
        json: { error: `A chunk may hold at most ${CHUNK} bytes.`, code: 'CHUNK_TOO_LARGE', params: { maxBytes: CHUNK } },
      });
      expect((await a.get(`/api/transcripts/uploads/${uploadId}`)).status).toBe(404);
    });
  });

  it('refuses chunk indexes out of range, wrong chunk sizes and missing fields', async () => {
    const a = await user();
    const uploadId = newUploadId();
    const wav = fixture('wav');
    await leavesNothing(async () => {
      for (const [chunkIndex, totalChunks] of [
        [3, 3],
        [4, 3],
        [1, 1],
      ]) {
        const res = await a.chunk({ uploadId, chunkIndex, totalChunks, originalName: 'a.wav' }, wav);
        expect(res.status).toBe(400);
        expect(res.json.error).toMatch(new RegExp(`^Chunk index ${chunkIndex} is out of range: this upload has ${totalChunks} chunks?`));
      }
      for (const [chunkIndex, totalChunks] of [
        ['-1', '2'],
        ['x', '2'],
        ['0', '0'],
        ['0', '1.5'],
      ]) {
        const form = new FormData();
        form.append('uploadId', uploadId);
        form.append('chunkIndex', chunkIndex);
        form.append('totalChunks', totalChunks);
        form.append('originalName', 'a.wav');
        form.append('chunk', new Blob([wav]), 'a.wav');
        const res = await fetch(`${server.url}/api/transcripts/upload-chunk`, {
          method: 'POST',
          headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: a.cookie },
          body: form,
        });
        expect(res.status, `${chunkIndex}/${totalChunks}`).toBe(400);
      }
      // A chunk that is not the last must be exactly one chunk long.
      const short = await a.chunk({ uploadId, chunkIndex: 0, totalChunks: 2, originalName: 'a.wav' }, wav);
      expect(short).toEqual({
        status: 400,
        json: {
          error: `Chunk 0 must be exactly ${CHUNK} bytes; only the last chunk may be smaller.`,
          code: 'CHUNK_WRONG_SIZE',
          params: { index: 0, chunkBytes: CHUNK },
        },
      });
      // A field missing altogether, with the file before or after the others.
      for (const fileFirst of [false, true]) {
        const form = new FormData();
        if (fileFirst) form.append('chunk', new Blob([wav]), 'a.wav');
        form.append('uploadId', uploadId);
        form.append('chunkIndex', '0');
        form.append('originalName', 'a.wav');
        if (!fileFirst) form.append('chunk', new Blob([wav]), 'a.wav');
        const res = await fetch(`${server.url}/api/transcripts/upload-chunk`, {
          method: 'POST',
          headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: a.cookie },
          body: form,
        });
        expect(res.status).toBe(400);
        expect((await res.json()).error).toBe('Send the fields uploadId, chunkIndex, totalChunks and originalName with the chunk file.');
      }
      // Bad upload ids.
      for (const bad of ['short', 'has space in it', '../../../etc', 'x'.repeat(65)]) {
        const res = await a.chunk({ uploadId: bad, chunkIndex: 0, totalChunks: 1, originalName: 'a.wav' }, wav);
        expect(res).toEqual({ status: 400, json: { error: 'Invalid upload id', code: 'INVALID_UPLOAD_ID' } });
      }
    });
  });

  it("refuses a chunk for another user's upload id (as if it did not exist)", async () => {
    const a = await user();
    const b = await user();
    const uploadId = newUploadId();
    const wav = fixture('wav');
    expect((await a.chunk({ uploadId, chunkIndex: 1, totalChunks: 2, originalName: 'a.wav' }, wav)).status).toBe(200);
    await leavesNothing(async () => {
      const res = await b.chunk({ uploadId, chunkIndex: 1, totalChunks: 2, originalName: 'b.wav' }, Buffer.from('RIFF....WAVE'));
      expect(res).toEqual({ status: 404, json: { error: 'Upload not found', code: 'UPLOAD_NOT_FOUND' } });
      expect((await b.get(`/api/transcripts/uploads/${uploadId}`)).status).toBe(404);
      expect((await b.finalize(uploadId, 'b.wav', 2)).status).toBe(404);
    });
    expect((await a.get(`/api/transcripts/uploads/${uploadId}`)).json).toEqual({
      uploadId,
      totalChunks: 2,
      receivedChunks: [1],
      transcriptId: null,
    });
  });

  it('refuses to finalize with a chunk missing (naming it), and to finalize twice', async () => {
    const a = await user();
    const file = syntheticWav(2 * CHUNK + 1000);
    const uploadId = newUploadId();
    const send = (i: number) =>
      a.chunk(
        { uploadId, chunkIndex: i, totalChunks: 3, originalName: 'long.wav' },
        file.slice(i * CHUNK, Math.min(file.size, (i + 1) * CHUNK)),
      );
    expect((await send(0)).status).toBe(200);
    expect((await send(2)).json).toEqual({ uploadId, totalChunks: 3, receivedChunks: [0, 2], transcriptId: null });
    await leavesNothing(async () => {
      const res = await a.finalize(uploadId, 'long.wav', 3);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: 'Chunk 1 is missing.', code: 'CHUNK_MISSING', params: { index: 1 } });
      const wrongTotal = await a.finalize(uploadId, 'long.wav', 2);
      expect(wrongTotal.status).toBe(400);
      const unknown = await a.finalize(newUploadId(), 'long.wav', 3);
      expect(unknown).toMatchObject({ status: 404, json: { error: 'Upload not found', code: 'UPLOAD_NOT_FOUND' } });
    });
    expect((await send(1)).status).toBe(200);
    const done = await a.finalize(uploadId, 'long.wav', 3);
    expect(done.status).toBe(201);
    await leavesNothing(async () => {
      const again = await a.finalize(uploadId, 'long.wav', 3);
      expect(again).toMatchObject({
        status: 409,
        json: { error: 'This upload has already been finalized.', code: 'UPLOAD_ALREADY_FINALIZED' },
      });
      const late = await send(1);
      expect(late).toMatchObject({
        status: 409,
        json: { error: 'This upload has already been finalized.', code: 'UPLOAD_ALREADY_FINALIZED' },
      });
    });
    expect(transcriptIds(await a.tree())).toEqual([done.json.id]);
  });

  it('takes a repeated chunk of the same size (a retry) and refuses one of another size', async () => {
    const a = await user();
    const uploadId = newUploadId();
    const wav = fixture('wav');
    const fields = { uploadId, chunkIndex: 0, totalChunks: 1, originalName: 'again.wav' };
    expect((await a.chunk(fields, wav)).status).toBe(200);
    const changed = Buffer.from(wav);
    changed[1000] ^= 0xff;
    expect((await a.chunk(fields, changed)).json).toEqual({ uploadId, totalChunks: 1, receivedChunks: [0], transcriptId: null });
    const chunkFiles = () => storedFiles(server).filter((f) => f.includes(`/uploads/${uploadId}/`));
    expect(chunkFiles()).toHaveLength(1);
    await leavesNothing(async () => {
      const res = await a.chunk(fields, wav.subarray(0, 5000));
      expect(res).toEqual({
        status: 409,
        json: { error: 'Chunk 0 was already received with a different size.', code: 'CHUNK_SIZE_CONFLICT', params: { index: 0 } },
      });
    });
    const fin = await a.finalize(uploadId, 'again.wav', 1);
    const audio = await fetch(`${server.url}/api/transcripts/${fin.json.id}/audio`, { headers: { Cookie: a.cookie } });
    // The retry replaced the first copy.
    expect(Buffer.from(await audio.arrayBuffer()).equals(changed)).toBe(true);
    expect(chunkFiles()).toEqual([]);
  });

  it('uploads a ~60 MB wav in chunks, resumes from the status, and joins it byte for byte', async () => {
    const a = await user();
    const file = syntheticWav(60 * MB + 12345);
    const total = Math.ceil(file.size / CHUNK);
    expect(total).toBe(3);
    const uploadId = newUploadId();
    const send = (i: number) =>
      a.chunk(
        { uploadId, chunkIndex: i, totalChunks: total, originalName: 'meeting.wav' },
        file.slice(i * CHUNK, Math.min(file.size, (i + 1) * CHUNK)),
      );

    expect((await a.get(`/api/transcripts/uploads/${uploadId}`)).status).toBe(404);
    expect((await send(2)).status).toBe(200);
    expect((await send(0)).status).toBe(200);
    // The browser was interrupted here; it asks what arrived and sends only the rest.
    const status = await a.get(`/api/transcripts/uploads/${uploadId}`);
    expect(status.json).toEqual({ uploadId, totalChunks: 3, receivedChunks: [0, 2], transcriptId: null });
    expect((await send(1)).json).toEqual({ uploadId, totalChunks: 3, receivedChunks: [0, 1, 2], transcriptId: null });

    const fin = await a.finalize(uploadId, 'meeting.wav', total);
    expect(fin.status).toBe(201);
    const id = fin.json.id as number;
    expect(await a.tree()).toEqual([
      { id, type: 'transcript', name: 'meeting', createdAt: expect.any(String), status: 'processing', duration: null },
    ]);
    expect((await a.get(`/api/transcripts/uploads/${uploadId}`)).json).toEqual({
      uploadId,
      totalChunks: 3,
      receivedChunks: [0, 1, 2],
      transcriptId: id,
    });
    // The chunks are gone, the joined file is there.
    expect(storedFiles(server).filter((f) => f.startsWith(`users/${a.id}/`))).toEqual([`users/${a.id}/transcripts/${id}/audio.wav`]);

    const url = `${server.url}/api/transcripts/${id}/audio`;
    const head = await fetch(url, { headers: { Cookie: a.cookie, Range: 'bytes=0-43' } });
    expect(head.headers.get('content-range')).toBe(`bytes 0-43/${file.size}`);
    expect(Buffer.from(await head.arrayBuffer()).equals(file.slice(0, 44))).toBe(true);
    // Across both chunk joins.
    for (const at of [CHUNK, 2 * CHUNK]) {
      const res = await fetch(url, { headers: { Cookie: a.cookie, Range: `bytes=${at - 100}-${at + 99}` } });
      expect(res.status).toBe(206);
      expect(Buffer.from(await res.arrayBuffer()).equals(file.slice(at - 100, at + 100))).toBe(true);
    }
    const tail = await fetch(url, { headers: { Cookie: a.cookie, Range: 'bytes=-5000' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(file.slice(file.size - 5000, file.size))).toBe(true);
  });

  it('needs a session and the CSRF header for every upload route', async () => {
    const wav = fixture('wav');
    const form = () => {
      const f = new FormData();
      f.append('audio', new Blob([wav]), 'a.wav');
      return f;
    };
    const anon = await fetch(`${server.url}/api/transcripts/upload`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: form(),
    });
    expect(anon.status).toBe(401);
    const a = await user();
    const noHeader = await fetch(`${server.url}/api/transcripts/upload`, { method: 'POST', headers: { Cookie: a.cookie }, body: form() });
    expect(noHeader.status).toBe(403);
    expect((await fetch(`${server.url}/api/transcripts/uploads/${newUploadId()}`)).status).toBe(401);
  });

  it('answers bad multipart requests with a 4xx, never a 500', async () => {
    const a = await user();
    await leavesNothing(async () => {
      const send = (body: BodyInit | null, type?: string) =>
        fetch(`${server.url}/api/transcripts/upload`, {
          method: 'POST',
          headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: a.cookie, ...(type ? { 'Content-Type': type } : {}) },
          body,
        });
      const cases: Array<[BodyInit | null, string | undefined]> = [
        [null, undefined],
        ['{}', 'application/json'],
        ['garbage', 'multipart/form-data'],
        ['garbage', 'multipart/form-data; boundary=x'],
        ['--x\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n\r\nRIFF', 'multipart/form-data; boundary=x'],
        ['--x--\r\n', 'multipart/form-data; boundary=x'],
        ['--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nv\r\n--x--\r\n', 'multipart/form-data; boundary=x'],
      ];
      for (const [body, type] of cases) {
        const res = await send(body, type);
        expect(res.status, `${type} ${String(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${type} ${String(body)}`).toBeLessThan(500);
        expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
      }
      // Two files: only one is taken.
      const two = new FormData();
      two.append('audio', new Blob([fixture('wav')]), 'a.wav');
      two.append('audio', new Blob([fixture('wav')]), 'b.wav');
      const res = await send(two);
      expect(res.status).toBeLessThan(500);
      if (res.status === 201) {
        // Accepted the first file: remove it again so the check above holds.
        const { id } = (await res.json()) as { id: number };
        await a.del(`/api/transcripts/${id}`);
      }
      // Wrong field name.
      const wrong = await a.upload('a.wav', fixture('wav'), 'file');
      expect(wrong).toEqual({
        status: 400,
        json: { error: 'Send the file in the multipart field "audio".', code: 'WRONG_FILE_FIELD', params: { field: 'audio' } },
      });
      // Finalize with a bad body.
      for (const body of [{}, { uploadId: 'x' }, { uploadId: newUploadId(), originalName: 'a.wav', totalChunks: 0 }, []]) {
        const fin = await a.post('/api/transcripts/finalize-upload', body);
        expect(fin.status).toBe(400);
      }
    });
  });
});
