import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { ApiError } from './http.ts';
import { expectedSeqOf, isTransientFailure, recordingPaths } from './recordings.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('recordings client', () => {
  it('sends a piece as raw bytes in order with its duration, and reads the ack', async () => {
    const calls: [string, RequestInit][] = [];
    const api = createApiClient({
      fetch: async (url, init) => {
        calls.push([String(url), init!]);
        return json(200, { seq: 3, nextSeq: 4, bytes: 5 });
      },
    });
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    expect(await api.recordings.putPiece('r 1', 3, bytes, { durationMs: 4012.4 })).toEqual({ seq: 3, nextSeq: 4, bytes: 5 });
    expect(calls[0]![0]).toBe('/api/recordings/r%201/pieces/3?durationMs=4012');
    expect(calls[0]![1].method).toBe('PUT');
    expect(calls[0]![1].body).toBe(bytes);
    expect(calls[0]![1].headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/octet-stream' });
  });

  it('turns a refusal into the coded error and a network failure into status 0', async () => {
    let reply: () => Promise<Response> = async () =>
      json(409, { error: 'Out of order', code: 'RECORDING_PIECE_OUT_OF_ORDER', params: { expected: 2 } });
    const api = createApiClient({ fetch: () => reply() });
    const refused = await api.recordings.putPiece('a', 5, new Uint8Array([1])).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
    expect(expectedSeqOf(refused)).toBe(2);
    expect(isTransientFailure(refused)).toBe(false);

    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    const offline = await api.recordings.putPiece('a', 5, new Uint8Array([1])).catch((e: unknown) => e);
    expect((offline as ApiError).status).toBe(0);
    expect(isTransientFailure(offline)).toBe(true);
    expect(expectedSeqOf(offline)).toBeNull();

    reply = async () => new Response('Bad gateway', { status: 502 });
    expect(isTransientFailure(await api.recordings.putPiece('a', 5, new Uint8Array([1])).catch((e: unknown) => e))).toBe(true);
  });

  it('creates, lists, finishes and discards', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const recording = { id: 'x', mimeType: 'audio/webm', pieces: 2, bytes: 10, durationMs: 2000, createdAt: 'c', updatedAt: 'u' };
    const api = createApiClient({
      fetch: async (url, init) => {
        calls.push([String(url), init]);
        if (init?.method === 'DELETE') return new Response(null, { status: 204 });
        if (String(url).endsWith('/finish')) return json(201, { transcript: { id: 7 } });
        if (init?.method === 'POST') return json(201, { recording, pieceMaxBytes: 1000, live: { available: false, reason: 'busy' } });
        return json(200, { recordings: [recording] });
      },
    });
    const created = await api.recordings.create({ mimeType: 'audio/webm', language: 'en', live: true });
    expect(created.live).toEqual({ available: false, reason: 'busy' });
    expect(JSON.parse(calls[0]![1]!.body as string)).toEqual({ mimeType: 'audio/webm', language: 'en', live: true });
    expect(await api.recordings.list()).toEqual([recording]);
    expect(await api.recordings.finish('x', { title: 'Talk', folderId: null })).toEqual({ id: 7 });
    expect(calls[2]![0]).toBe(recordingPaths.finish('x'));
    await api.recordings.discard('x');
    expect(calls[3]).toEqual([recordingPaths.recording('x'), expect.objectContaining({ method: 'DELETE' })]);
  });
});
