// Which worker drafts a recording's live text when web and worker processes are separate: one claim
// wins, a settled recording cannot be claimed late, a claim not renewed expires once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLiveDraftClaims } from '../../src/features/live-draft/claims.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { recordingsApi } from '../recordings-helpers.ts';

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
    // A 3 s lease: 'renewed just now' below must still hold after a few statements on a busy machine
    // (at 500 ms, two slow PGlite statements could outlast it); the expiry is then awaited.
    const claims = createLiveDraftClaims(server.app.database.db, 3000);
    const [won, late, released] = ids;

    // Two workers race for the same recording: exactly one wins (which one depends on the pool on
    // PostgreSQL), and the loser cannot take it afterwards either.
    const raced = await Promise.all([claims.claim(won, 'w1'), claims.claim(won, 'w2')]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    const [winner, loser] = raced[0] ? ['w1', 'w2'] : ['w2', 'w1'];
    expect(await claims.claim(won, loser)).toBe(false);
    expect(await claims.settle(won)).toBe(winner);
    // Nobody claimed it in time: settled as drafted by nobody, and a late worker cannot take it.
    expect(await claims.settle(late)).toBeNull();
    expect(await claims.claim(late, 'w2')).toBe(false);
    expect(await claims.holder(late)).toBeNull();

    expect(await claims.holder(won)).toEqual({ workerId: winner, expired: false });
    expect(await claims.renew(winner, [won, late])).toEqual(new Set([won]));
    expect(await claims.renew(loser, [won])).toEqual(new Set());
    expect(await claims.expire(won, winner)).toBe(false); // renewed just now

    await vi.waitFor(async () => expect(await claims.holder(won)).toEqual({ workerId: winner, expired: true }), {
      timeout: 15_000,
      interval: 100,
    });
    // Two web processes notice the expiry at once: only one of them expires it (and tells the owner).
    const expired = await Promise.all([claims.expire(won, winner), claims.expire(won, winner)]);
    expect(expired.filter(Boolean)).toHaveLength(1);
    expect(await claims.holder(won)).toBeNull();
    expect(await claims.renew(winner, [won])).toEqual(new Set());

    expect(await claims.claim(released, 'w1')).toBe(true);
    await claims.release(released, 'w2');
    expect(await claims.holder(released)).toEqual({ workerId: 'w1', expired: false });
    await claims.release(released, 'w1');
    expect(await claims.holder(released)).toBeNull();
    await claims.remove(released);
    expect(await claims.settle(released)).toBeNull();
  });
});
