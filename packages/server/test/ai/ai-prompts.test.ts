import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';

type Saved = { id: number; name: string; prompt: string; icon: string };

describe('saved prompts: edit and reorder', () => {
  let server: TestServer;
  let owner: ReturnType<typeof api>;
  let other: ReturnType<typeof api>;
  beforeAll(async () => {
    server = await startServer();
    owner = api(server, (await register(server)).cookie);
    other = api(server, (await register(server)).cookie);
  });
  afterAll(() => server.close());

  const create = async (name: string, prompt = `${name} text`) => {
    const res = await owner.post('/api/prompts', { name, prompt });
    expect(res.status, res.text).toBe(201);
    return res.json as unknown as Saved;
  };
  const names = async (who = owner) => ((await who.get('/api/prompts')).json as unknown as Saved[]).map((p) => p.name);

  it('edits the fields sent, with the checks of a new prompt; only the owner', async () => {
    const saved = await create('Summary', 'Summarize.');
    const renamed = await owner.put(`/api/prompts/${saved.id}`, { name: '  Short summary ' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toEqual({ id: saved.id, name: 'Short summary', prompt: 'Summarize.', icon: 'FileText' });
    const both = await owner.put(`/api/prompts/${saved.id}`, { prompt: 'Summarize in three lines.', icon: 'Book' });
    expect(both.json).toEqual({ id: saved.id, name: 'Short summary', prompt: 'Summarize in three lines.', icon: 'Book' });
    expect(((await owner.get('/api/prompts')).json as unknown as Saved[]).find((p) => p.id === saved.id)).toEqual(both.json);

    // Same validation and codes as create; nothing changes on a refusal.
    const blank = await owner.put(`/api/prompts/${saved.id}`, { name: ' ' });
    expect([blank.status, blank.json.code, blank.json.error]).toEqual([
      400,
      'PROMPT_NAME_AND_TEXT_REQUIRED',
      'Please provide both a name and a prompt',
    ]);
    const long = await owner.put(`/api/prompts/${saved.id}`, { prompt: 'x'.repeat(20_001) });
    expect([long.status, long.json.code]).toEqual([400, 'PROMPT_TOO_LONG']);
    const longName = await owner.put(`/api/prompts/${saved.id}`, { name: 'x'.repeat(201) });
    expect([longName.status, longName.json.code]).toEqual([400, 'PROMPT_NAME_TOO_LONG']);
    expect((await owner.put(`/api/prompts/${saved.id}`, { icon: 'Rocket' })).status).toBe(400);
    const empty = await owner.put(`/api/prompts/${saved.id}`, {});
    expect([empty.status, empty.json.code]).toEqual([400, 'PROMPT_UPDATE_EMPTY']);
    expect((await owner.put(`/api/prompts/abc`, { name: 'x' })).json.code).toBe('INVALID_ID');
    expect(((await owner.get('/api/prompts')).json as unknown as Saved[]).find((p) => p.id === saved.id)).toEqual(both.json);

    // Another user's prompt is a missing one, and stays unchanged.
    const foreign = await other.put(`/api/prompts/${saved.id}`, { name: 'Mine now' });
    expect([foreign.status, foreign.json.code]).toEqual([404, 'PROMPT_NOT_FOUND']);
    expect((await owner.put('/api/prompts/2147483647', { name: 'x' })).status).toBe(404);
    expect(await names()).toContain('Short summary');
    expect(await names()).not.toContain('Mine now');
    await owner.del(`/api/prompts/${saved.id}`);
  });

  it('lists in the saved order: new prompts last, a reorder persists, only all of the own prompts', async () => {
    const a = await create('Alpha');
    const b = await create('Beta');
    const c = await create('Gamma');
    expect(await names()).toEqual(['Alpha', 'Beta', 'Gamma']);

    const reordered = await owner.put('/api/prompts/order', { ids: [c.id, a.id, b.id] });
    expect(reordered.status, reordered.text).toBe(200);
    expect((reordered.json as unknown as Saved[]).map((p) => p.name)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(await names()).toEqual(['Gamma', 'Alpha', 'Beta']);
    // A new prompt goes after the reordered ones; an edit keeps the place.
    const d = await create('Delta');
    await owner.put(`/api/prompts/${a.id}`, { name: 'Alpha 2' });
    expect(await names()).toEqual(['Gamma', 'Alpha 2', 'Beta', 'Delta']);

    const refusals: Array<[unknown, number, string]> = [
      [{ ids: [c.id, a.id, b.id] }, 400, 'PROMPT_ORDER_MISMATCH'], // one missing
      [{ ids: [c.id, a.id, b.id, d.id, d.id] }, 400, 'PROMPT_ORDER_MISMATCH'], // twice
      [{ ids: [c.id, a.id, b.id, 2147483647] }, 404, 'PROMPT_NOT_FOUND'],
      [{ ids: 'all' }, 400, 'PROMPT_ORDER_MISMATCH'],
      [{ ids: [1.5] }, 400, 'INVALID_ID'],
      [{}, 400, 'PROMPT_ORDER_MISMATCH'],
    ];
    for (const [body, status, code] of refusals) {
      const res = await owner.put('/api/prompts/order', body);
      expect([res.status, res.json.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await names()).toEqual(['Gamma', 'Alpha 2', 'Beta', 'Delta']);

    // Another user can neither reorder these prompts nor mix them into their own order.
    const theirs = (await other.post('/api/prompts', { name: 'Theirs', prompt: 'x' })).json as unknown as Saved;
    const stolen = await other.put('/api/prompts/order', { ids: [d.id, c.id, b.id, a.id] });
    expect([stolen.status, stolen.json.code]).toEqual([404, 'PROMPT_NOT_FOUND']);
    expect((await other.put('/api/prompts/order', { ids: [theirs.id, a.id] })).status).toBe(404);
    expect((await owner.put('/api/prompts/order', { ids: [d.id, c.id, b.id, a.id, theirs.id] })).status).toBe(404);
    expect(await names()).toEqual(['Gamma', 'Alpha 2', 'Beta', 'Delta']);
    expect(await names(other)).toEqual(['Theirs']);
    expect((await other.put('/api/prompts/order', { ids: [theirs.id] })).status).toBe(200);

    // After a delete the order is the remaining prompts.
    await owner.del(`/api/prompts/${b.id}`);
    expect((await owner.put('/api/prompts/order', { ids: [d.id, a.id, c.id] })).status).toBe(200);
    expect(await names()).toEqual(['Delta', 'Alpha 2', 'Gamma']);
  });
});
