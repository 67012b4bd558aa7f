import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { wavHeader as writeWavHeader } from '@scribe/api-client/wav';
import { selectRows } from '../src/db/client.ts';
import { JSON_XHR, register, XHR, type TestServer } from './helpers.ts';

export const CHUNK = 26_214_400;
export const MB = 1024 * 1024;

export const fixtureDir = join(import.meta.dirname, 'fixtures', 'audio');
export const fixture = (ext: string) => readFileSync(join(fixtureDir, `librivox-sense-and-sensibility-0870.${ext}`));

/** Every stored file under DATA_DIR/files, relative, sorted. */
export function storedFiles(server: TestServer): string[] {
  const root = join(server.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/** Row counts of the library tables, straight from the database. */
export async function rowCounts(server: TestServer) {
  const [row] = await selectRows<Record<string, number | string>>(
    server.app.database.db,
    sql`select (select count(*) from folders) as folders, (select count(*) from transcripts) as transcripts,
        (select count(*) from uploads) as uploads, (select count(*) from upload_chunks) as chunks`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<
    'folders' | 'transcripts' | 'uploads' | 'chunks',
    number
  >;
}

/** A newly registered user with the library calls, the session cookie and the user id. */
export async function libraryUser(server: TestServer) {
  const r = await register(server);
  return { ...api(server, r.cookie), cookie: r.cookie, id: r.user.id };
}

export function api(server: TestServer, cookie: string) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(server.url + path, {
      method,
      headers: { ...(body === undefined ? XHR : JSON_XHR), Cookie: cookie, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      // binary or empty
    }
    return { status: res.status, json: json as Record<string, unknown> & { error?: string }, headers: res.headers, text };
  };
  return {
    call,
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    del: (path: string) => call('DELETE', path),
    tree: async () => (await call('GET', '/api/folders/tree')).json as unknown as TreeNode[],
    createFolder: async (name: string, parentId: number | null = null) => {
      const res = await call('POST', '/api/folders', { name, parentId });
      if (res.status !== 201) throw new Error(`create folder: ${res.status} ${res.text}`);
      return res.json as unknown as { id: number; name: string; parentId: number | null };
    },
    /** Single multipart upload of an in-memory file; `fields` (language, vocabulary) go before it. */
    upload: async (name: string, data: Uint8Array, field = 'audio', fields: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append(field, new Blob([data as Uint8Array<ArrayBuffer>]), name);
      const res = await fetch(`${server.url}/api/transcripts/upload`, { method: 'POST', headers: { ...XHR, Cookie: cookie }, body: form });
      return { status: res.status, json: (await res.json()) as { id?: number; error?: string } };
    },
    /** One chunk, fields first as the contract asks. */
    chunk: async (fields: { uploadId: string; chunkIndex: number; totalChunks: number; originalName: string }, data: Uint8Array) => {
      const form = new FormData();
      form.append('uploadId', fields.uploadId);
      form.append('chunkIndex', String(fields.chunkIndex));
      form.append('totalChunks', String(fields.totalChunks));
      form.append('originalName', fields.originalName);
      form.append('chunk', new Blob([data as Uint8Array<ArrayBuffer>]), fields.originalName);
      const res = await fetch(`${server.url}/api/transcripts/upload-chunk`, {
        method: 'POST',
        headers: { ...XHR, Cookie: cookie },
        body: form,
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> & { error?: string } };
    },
    finalize: (uploadId: string, originalName: string, totalChunks: number) =>
      call('POST', '/api/transcripts/finalize-upload', { uploadId, originalName, totalChunks }),
  };
}

export type TreeNode =
  | { id: number; type: 'folder'; name: string; children: TreeNode[] }
  | { id: number; type: 'transcript'; name: string; createdAt: string; status: string; duration: number | null };

export const newUploadId = () => randomBytes(16).toString('hex');

/** A 44-byte PCM WAV header for `dataBytes` bytes of 16 kHz mono 16-bit audio. */
export function wavHeader(dataBytes: number): Buffer {
  return Buffer.from(writeWavHeader(dataBytes, 16000));
}

/**
 * A synthetic wav of `size` bytes whose every byte is known from its offset, so any slice can be
 * made (and checked) without holding the file.
 */
export function syntheticWav(size: number) {
  const header = wavHeader(size - 44);
  const byteAt = (o: number) => (o < 44 ? header[o] : (o * 7 + (o >>> 11)) & 0xff);
  return {
    size,
    slice(start: number, end: number): Buffer {
      const b = Buffer.allocUnsafe(end - start);
      for (let i = 0; i < b.length; i++) b[i] = byteAt(start + i);
      return b;
    },
  };
}

/**
 * A multipart body streamed from a generator: the text fields, then one file of `size` bytes
 * made piece by piece (the whole body is never in memory).
 */
export function streamedMultipart(
  fields: Record<string, string>,
  file: { field: string; filename: string; size: number; slice(start: number, end: number): Buffer },
) {
  const boundary = `----scribe${randomBytes(8).toString('hex')}`;
  const enc = new TextEncoder();
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  let offset = 0;
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 'head') {
        controller.enqueue(enc.encode(head));
        stage = 'file';
      } else if (stage === 'file') {
        const end = Math.min(file.size, offset + 256 * 1024);
        controller.enqueue(file.slice(offset, end));
        offset = end;
        if (offset >= file.size) stage = 'tail';
      } else if (stage === 'tail') {
        controller.enqueue(enc.encode(tail));
        stage = 'done';
      } else {
        controller.close();
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function postStream(server: TestServer, cookie: string, path: string, body: ReturnType<typeof streamedMultipart>) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { ...XHR, Cookie: cookie, 'Content-Type': body.contentType },
    body: body.body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, json: (await res.json()) as { error?: string; id?: number } };
}

/** Repeating byte pattern, fast to make. */
export function filler(start: number, end: number): Buffer {
  return Buffer.alloc(end - start, 0x41);
}

/** Transcript ids anywhere in a tree. */
export function transcriptIds(nodes: TreeNode[]): number[] {
  return nodes.flatMap((n) => (n.type === 'transcript' ? [n.id] : transcriptIds(n.children)));
}
