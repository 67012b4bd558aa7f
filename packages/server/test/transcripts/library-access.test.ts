import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, XHR, type TestServer } from '../helpers.ts';
import { api, fixture, newUploadId, rowCounts, storedFiles } from '../library-helpers.ts';

describe("another user's ids", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('get 404 on every folder, transcript, upload and audio route, exactly like missing ids, and change nothing', async () => {
    const ownerSession = await register(server);
    const owner = api(server, ownerSession.cookie);
    const folder = await owner.createFolder('private');
    const sub = await owner.createFolder('private sub', folder.id);
    const upload = await owner.upload('secret.wav', fixture('wav'));
    const transcriptId = upload.json.id!;
    await owner.put(`/api/transcripts/${transcriptId}/move`, { folderId: sub.id });
    const uploadId = newUploadId();
    expect((await owner.chunk({ uploadId, chunkIndex: 0, totalChunks: 1, originalName: 'pending.wav' }, fixture('wav'))).status).toBe(200);

    const other = api(server, (await register(server)).cookie);
    const ownFolder = await other.createFolder('mine');
    const ownTranscript = (await other.upload('mine.wav', fixture('wav'))).json.id!;

    const ownerTree = await owner.tree();
    const otherTree = await other.tree();
    const files = storedFiles(server);
    const rows = await rowCounts(server);

    // Each call as the other user, with the owner's ids; and the same call with ids nobody has.
    const missingFolder = 2_000_000_000;
    const missingTranscript = 2_000_000_001;
    const missingUpload = newUploadId();
    const calls = (f: number, t: number, u: string) =>
      [
        ['PUT folder (rename)', () => other.put(`/api/folders/${f}`, { name: 'mine now' })],
        ['PUT folder (move to top)', () => other.put(`/api/folders/${f}`, { parentId: null })],
        ['PUT own folder into it', () => other.put(`/api/folders/${ownFolder.id}`, { parentId: f })],
        ['POST folder inside it', () => other.post('/api/folders', { name: 'intruder', parentId: f })],
        ['DELETE folder', () => other.del(`/api/folders/${f}`)],
        ['GET transcript', () => other.get(`/api/transcripts/${t}`)],
        ['GET audio', () => other.get(`/api/transcripts/${t}/audio`)],
        ['GET audio with Range', () => other.get(`/api/transcripts/${t}/audio`, { Range: 'bytes=0-10' })],
        ['HEAD audio', () => other.call('HEAD', `/api/transcripts/${t}/audio`)],
        ['PUT transcript move', () => other.put(`/api/transcripts/${t}/move`, { folderId: null })],
        ['PUT own transcript into it', () => other.put(`/api/transcripts/${ownTranscript}/move`, { folderId: f })],
        ['DELETE transcript', () => other.del(`/api/transcripts/${t}`)],
        ['GET upload status', () => other.get(`/api/transcripts/uploads/${u}`)],
        ['POST finalize-upload', () => other.finalize(u, 'x.wav', 1)],
      ] as const;

    const answers: string[] = [];
    for (const [[name, call], [, missing]] of calls(folder.id, transcriptId, uploadId).map(
      (c, i) => [c, calls(missingFolder, missingTranscript, missingUpload)[i]] as const,
    )) {
      const res = await call();
      const none = await missing();
      expect(res.status, name).toBe(404);
      expect(none.status, `${name} (missing id)`).toBe(404);
      expect(res.json, name).toEqual(none.json);
      answers.push(`${name}: ${res.status} ${JSON.stringify(res.json ?? null)}`);
    }
    expect(answers).toHaveLength(14);
    // A chunk for the owner's upload id (a new id would simply start a new upload).
    const chunk = await other.chunk({ uploadId, chunkIndex: 0, totalChunks: 1, originalName: 'x.wav' }, fixture('wav'));
    expect(chunk).toEqual({ status: 404, json: { error: 'Upload not found', code: 'UPLOAD_NOT_FOUND' } });

    // Nothing of the owner's changed, and the other user gained nothing.
    expect(await owner.tree()).toEqual(ownerTree);
    expect(await other.tree()).toEqual(otherTree);
    expect(storedFiles(server)).toEqual(files);
    expect(await rowCounts(server)).toEqual(rows);
    expect((await owner.get(`/api/transcripts/${transcriptId}`)).json.title).toBe('secret');
    expect((await owner.get(`/api/transcripts/uploads/${uploadId}`)).json.receivedChunks).toEqual([0]);
    const audio = await fetch(`${server.url}/api/transcripts/${transcriptId}/audio`, { headers: { Cookie: ownerSession.cookie } });
    expect(audio.status).toBe(200);
    await audio.arrayBuffer();
  });

  it('without a session every library route answers 401', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/api/folders/tree'],
      ['POST', '/api/folders'],
      ['PUT', '/api/folders/1'],
      ['DELETE', '/api/folders/1'],
      ['GET', '/api/transcripts/1'],
      ['GET', '/api/transcripts/1/audio'],
      ['PUT', '/api/transcripts/1/move'],
      ['DELETE', '/api/transcripts/1'],
      ['POST', '/api/transcripts/upload'],
      ['POST', '/api/transcripts/upload-chunk'],
      ['POST', '/api/transcripts/finalize-upload'],
      ['GET', `/api/transcripts/uploads/${newUploadId()}`],
    ];
    for (const [method, path] of routes) {
      const res = await fetch(server.url + path, { method, headers: XHR });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json()).toEqual({ error: 'Not authenticated', code: 'NOT_AUTHENTICATED' });
    }
  });

  it('JSON routes answer malformed and wrongly typed bodies with 400, never 500', async () => {
    const { cookie } = await register(server);
    const a = api(server, cookie);
    const folder = await a.createFolder('f');
    const t = (await a.upload('t.wav', fixture('wav'))).json.id!;
    const routes: Array<[string, string]> = [
      ['POST', '/api/folders'],
      ['PUT', `/api/folders/${folder.id}`],
      ['PUT', `/api/transcripts/${t}/move`],
      ['POST', '/api/transcripts/finalize-upload'],
    ];
    const bodies = [
      '{',
      '[]',
      '"x"',
      'null',
      '{"name": 5, "parentId": "x"}',
      '{"parentId": -1}',
      '{"folderId": 1.5}',
      '{"name": "x", "parentId": 99999999999}',
    ];
    for (const [method, path] of routes) {
      for (const body of bodies) {
        const res = await fetch(server.url + path, {
          method,
          headers: { ...XHR, Cookie: cookie, 'Content-Type': 'application/json' },
          body,
        });
        const json = (await res.json()) as { error?: unknown };
        expect(res.status, `${method} ${path} ${body}`).toBeLessThan(500);
        // The only acceptable success: a folder update whose body changes nothing.
        if (res.status < 400) expect(`${method} ${path} ${body}`).toMatch(/^PUT \/api\/folders\/\d+ \{"folderId"/);
        else expect(typeof json.error).toBe('string');
      }
    }
  });

  it('the OpenAPI document lists every library route', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const methods = (path: string) =>
      Object.keys(doc.paths[path] ?? {})
        .filter((m) => m !== 'head')
        .sort();
    expect(methods('/api/folders/tree')).toEqual(['get']);
    expect(methods('/api/folders')).toEqual(['post']);
    expect(methods('/api/folders/{id}')).toEqual(['delete', 'put']);
    expect(methods('/api/transcripts/{id}')).toEqual(['delete', 'get', 'patch']);
    expect(methods('/api/transcripts/{id}/revisions')).toEqual(['get']);
    expect(methods('/api/transcripts/{id}/revisions/{n}')).toEqual(['get']);
    expect(methods('/api/transcripts/{id}/revisions/{n}/restore')).toEqual(['post']);
    expect(methods('/api/transcripts/{id}/move')).toEqual(['put']);
    expect(methods('/api/transcripts/{id}/audio')).toEqual(['get']);
    expect(methods('/api/transcripts/upload')).toEqual(['post']);
    expect(methods('/api/transcripts/upload-chunk')).toEqual(['post']);
    expect(methods('/api/transcripts/finalize-upload')).toEqual(['post']);
    // An unfinished upload is read to resume it and deleted to cancel it.
    expect(methods('/api/transcripts/uploads/{uploadId}')).toEqual(['delete', 'get']);
    expect(methods('/api/transcripts/{id}/retry')).toEqual(['post']);
    expect(JSON.stringify(doc.paths['/api/transcripts/{id}'])).toContain('timestamps');
  });
});
