// Helpers for the streamed-recording tests: the routes as a small client, and pieces cut from a fixture.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows } from '../src/db/client.ts';
import type { RecordingObserver } from '../src/features/recordings/observer.ts';
import { JSON_XHR, XHR, type TestServer } from './helpers.ts';

export interface Answer {
  status: number;
  json: Record<string, unknown> & { code?: string; error?: string; params?: Record<string, unknown> };
  text: string;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `file` cut into pieces of `size` bytes (the last one shorter). */
export function cut(file: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < file.length; at += size) pieces.push(file.subarray(at, Math.min(file.length, at + size)));
  return pieces;
}

/** The recording routes for one signed-in user. */
export function recordingsApi(server: { url: string }, cookie: string) {
  const call = async (method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const res = await fetch(server.url + path, { method, headers: { ...XHR, Cookie: cookie, ...init.headers }, body: init.body });
    const text = await res.text();
    let json: Answer['json'] = {};
    try {
      json = JSON.parse(text) as Answer['json'];
    } catch {
      // empty (204) or not JSON
    }
    return { status: res.status, json, text };
  };
  const post = (path: string, body: unknown) => call('POST', path, { body: JSON.stringify(body), headers: JSON_XHR });
  return {
    call,
    create: (body: Record<string, unknown> = { mimeType: 'audio/webm;codecs=opus' }) => post('/api/recordings', body),
    /** Creates a recording and answers its id (fails the test on anything but 201). */
    async start(body?: Record<string, unknown>): Promise<string> {
      const res = await post('/api/recordings', body ?? { mimeType: 'audio/webm;codecs=opus' });
      if (res.status !== 201) throw new Error(`create recording: ${res.status} ${res.text}`);
      return (res.json.recording as { id: string }).id;
    },
    put: (id: string, seq: number | string, bytes: Uint8Array, query = '') =>
      call('PUT', `/api/recordings/${id}/pieces/${seq}${query}`, {
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'Content-Type': 'application/octet-stream' },
      }),
    get: (id: string) => call('GET', `/api/recordings/${id}`),
    list: () => call('GET', '/api/recordings'),
    finish: (id: string, body: Record<string, unknown> = {}) => post(`/api/recordings/${id}/finish`, body),
    discard: (id: string) => call('DELETE', `/api/recordings/${id}`),
    /** The transcript's stored audio through the download route. */
    async audio(transcriptId: number): Promise<Buffer> {
      const res = await fetch(`${server.url}/api/transcripts/${transcriptId}/audio`, { headers: { Cookie: cookie } });
      if (res.status !== 200) throw new Error(`audio of transcript ${transcriptId}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
export type RecordingsApi = ReturnType<typeof recordingsApi>;

/** Rows of the recording tables, straight from the database. */
export async function recordingRows(server: TestServer) {
  const [row] = await selectRows<Record<string, number | string>>(
    server.app.database.db,
    sql`select (select count(*) from recordings) as recordings, (select count(*) from recording_pieces) as pieces,
        (select count(*) from transcripts) as transcripts`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<'recordings' | 'pieces' | 'transcripts', number>;
}

/** An observer that notes every call (and offers live text). */
export function notingObserver() {
  const calls: string[] = [];
  const observer: RecordingObserver = {
    async started(rec) {
      calls.push(`started ${rec.id} ${rec.mimeType} ${rec.language}`);
      return { available: true };
    },
    piece(rec, seq, bytes) {
      calls.push(`piece ${rec.id} ${seq} ${sha256(bytes)}`);
    },
    ended(rec, reason) {
      calls.push(`ended ${rec.id} ${reason}`);
    },
  };
  return { observer, calls };
}
