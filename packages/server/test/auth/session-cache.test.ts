import { describe, expect, it } from 'vitest';
import { createSessionCache } from '../../src/features/auth/session-cache.ts';

const user = { id: 1, username: 'ada', fullName: 'Ada', email: 'ada@example.com' };

describe('session cache', () => {
  it('answers for its lifetime, then asks the database again', () => {
    let t = 1_000;
    const cache = createSessionCache({ ttlMs: 5_000, now: () => t });
    cache.set('s1', { user, expiresAt: 1_000_000, lastUsedAt: 0 }, cache.generation());
    expect(cache.get('s1')?.user).toEqual(user);
    t += 4_999;
    expect(cache.get('s1')).toBeDefined();
    t += 1;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('never outlives the session itself', () => {
    let t = 1_000;
    const cache = createSessionCache({ ttlMs: 5_000, now: () => t });
    cache.set('s1', { user, expiresAt: 2_000, lastUsedAt: 0 }, cache.generation());
    t = 2_000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets ended sessions at once, and ignores a lookup that began before the end', () => {
    const cache = createSessionCache({ ttlMs: 5_000 });
    cache.set('s1', { user, expiresAt: Date.now() + 60_000, lastUsedAt: 0 }, cache.generation());
    const started = cache.generation(); // a lookup reads the row...
    cache.forget(['s1']); // ...the session is deleted meanwhile...
    cache.set('s1', { user, expiresAt: Date.now() + 60_000, lastUsedAt: 0 }, started); // ...and its stale read lands
    expect(cache.get('s1')).toBeUndefined();
  });

  it('stores nothing when turned off, and drops the oldest entry past its size', () => {
    const off = createSessionCache({ ttlMs: 0 });
    off.set('s1', { user, expiresAt: Date.now() + 60_000, lastUsedAt: 0 }, off.generation());
    expect(off.get('s1')).toBeUndefined();

    const small = createSessionCache({ ttlMs: 5_000, maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) small.set(id, { user, expiresAt: Date.now() + 60_000, lastUsedAt: 0 }, small.generation());
    expect(small.size).toBe(2);
    expect(small.get('a')).toBeUndefined();
    expect(small.get('c')).toBeDefined();
  });

  it('drops the least recently used entry past its size, and counts reads as use', () => {
    const cache = createSessionCache({ ttlMs: 5_000, maxEntries: 2 });
    const session = { user, expiresAt: Date.now() + 60_000, lastUsedAt: 0 };
    cache.set('a', session, cache.generation());
    cache.set('b', session, cache.generation());
    expect(cache.get('a')).toBeDefined(); // a used last
    cache.set('c', session, cache.generation());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  it('keeps the refreshed last use, and stores nothing for a session about to end', () => {
    let t = 1_000;
    const cache = createSessionCache({ ttlMs: 5_000, now: () => t });
    cache.set('s1', { user, expiresAt: 1_000_000, lastUsedAt: 0 }, cache.generation());
    cache.touched('s1', 900);
    expect(cache.get('s1')?.lastUsedAt).toBe(900);
    cache.set('s2', { user, expiresAt: t, lastUsedAt: 0 }, cache.generation());
    expect(cache.size).toBe(1);
    t += 1;
    expect(cache.get('s2')).toBeUndefined();
  });
});
