// Each invalid field gets the message of the check it failed, over the real HTTP API.
import { aiMessages, creditsMessages, libraryMessages } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';

describe('validation messages say what is wrong', () => {
  let server: TestServer;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    server = await startServer();
    a = api(server, (await register(server)).cookie);
  });
  afterAll(() => server.close());

  it('a folder name that is too long, or only whitespace and zero-width characters', async () => {
    const long = await a.post('/api/folders', { name: 'f'.repeat(201), parentId: null });
    expect(long.status).toBe(400);
    expect(long.json.error).toBe(libraryMessages.folderNameTooLong);
    const folder = await a.post('/api/folders', { name: 'ok', parentId: null });
    const rename = await a.put(`/api/folders/${folder.json.id}`, { name: 'f'.repeat(201) });
    expect(rename.json.error).toBe(libraryMessages.folderNameTooLong);
    for (const name of ['\u200B', '\u200B\u200C\u200D', ' \u2060\uFEFF ', '\u00AD']) {
      const blank = await a.post('/api/folders', { name, parentId: null });
      expect(blank.status).toBe(400);
      expect(blank.json.error).toBe(libraryMessages.folderNameRequired);
    }
    expect((await a.post('/api/folders', { name: 'f'.repeat(200), parentId: null })).status).toBe(201);
  });

  it('a prompt or prompt name that is too long, or invisible', async () => {
    const long = await a.post('/api/prompts', { name: 'Summary', prompt: 'p'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(long.json.error).toBe(aiMessages.promptTooLong);
    const longName = await a.post('/api/prompts', { name: 'n'.repeat(201), prompt: 'Summarise' });
    expect(longName.json.error).toBe(aiMessages.promptNameTooLong);
    const invisible = await a.post('/api/prompts', { name: '\u200B\u200B', prompt: 'Summarise' });
    expect(invisible.json.error).toBe(aiMessages.promptNameAndTextRequired);
    const custom = await a.post('/api/transcripts/1/custom-prompt', { prompt: 'p'.repeat(20_001) });
    expect(custom.status).toBe(400);
    expect(custom.json.error).toBe(aiMessages.promptTooLong);
  });

  it('a number of credits that is negative, fractional or not a number', async () => {
    const cases: Array<[unknown, string]> = [
      [-100, creditsMessages.creditsNotPositive],
      [0, creditsMessages.creditsNotPositive],
      [2.5, creditsMessages.creditsNotWhole],
      ['100', creditsMessages.creditsNotNumber],
      [5_000_000_000, creditsMessages.creditsTooMany],
    ];
    for (const [credits, message] of cases) {
      const res = await a.post('/api/credits/purchase', { credits });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(message);
    }
  });
});
