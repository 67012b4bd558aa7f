// Which worker drafts a recording's live text when web and worker processes are separate: one claim
// wins, a settled recording cannot be claimed late, a claim not renewed expires once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveDraftClaims } from '../src/features/live-draft/claims.ts';
import { register, startServer, type TestServer } from './helpers.ts';
import { recordingsApi } from './recordings-helpers.ts';

describe('live draft claims', () => {
  let server: TestServer;
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startServer({ LIVE_DRAFT_ENABLED: 'false' });
    const user = await register(server);
    const api = recordingsApi(server, user.cookie);
    for (let i = 0; i < 3; i++) ids.push(await api.start());
  });
  afterAll(() => server?.close());

  it('the first claim wins; settling ends the wait; an unrenewed claim expires once; a release frees it', async () => {
    const claims = createLiveDraftClaims(server.app.database.db, 500);
    const [won, late, released] = ids;

    expect(await Promise.all([claims.claim(won, 'w1'), claims.claim(won, 'w2')])).toEqual([true, false]);
    expect(await claims.settle(won)).toBe('w1');
    // Nobody claimed it in time: settled as drafted by nobody, and a late worker cannot take it.
    expect(await claims.settle(late)).toBeNull();
    expect(await claims.claim(late, 'w2')).toBe(false);
    expect(await claims.holder(late)).toBeNull();

    expect(await claims.holder(won)).toEqual({ workerId: 'w1', expired: false });
    expect(await claims.renew('w1', [won, late])).toEqual(new Set([won]));
    expect(await claims.renew('w2', [won])).toEqual(new Set());
    expect(await claims.expire(won, 'w1')).toBe(false); // renewed just now

    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await claims.holder(won)).toEqual({ workerId: 'w1', expired: true });
    expect(await Promise.all([claims.expire(won, 'w1'), claims.expire(won, 'w1')])).toEqual([true, false]);
    expect(await claims.holder(won)).toBeNull();
    expect(await claims.renew('w1', [won])).toEqual(new Set());

    expect(await claims.claim(released, 'w1')).toBe(true);
    await claims.release(released, 'w2');
    expect(await claims.holder(released)).toEqual({ workerId: 'w1', expired: false });
    await claims.release(released, 'w1');
    expect(await claims.holder(released)).toBeNull();
    await claims.remove(released);
    expect(await claims.settle(released)).toBeNull();
  });
});
