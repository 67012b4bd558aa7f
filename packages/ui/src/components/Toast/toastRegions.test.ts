import { describe, expect, it } from 'vitest';
import { createToastStore } from './toastQueue.ts';
import { fallbackShows, registerRegion, regionsOf } from './toastRegions.ts';

describe('toast regions', () => {
  it('the first fallback shows the toasts when no provider is mounted', () => {
    const registry = regionsOf(createToastStore());
    registerRegion(registry, { kind: 'fallback', id: 'a' });
    registerRegion(registry, { kind: 'fallback', id: 'b' });
    expect(fallbackShows(registry.getSnapshot(), 'a')).toBe(true);
    expect(fallbackShows(registry.getSnapshot(), 'b')).toBe(false);
  });

  it('no fallback shows while a provider is mounted, and they come back when it goes', () => {
    const registry = regionsOf(createToastStore());
    registerRegion(registry, { kind: 'fallback', id: 'a' });
    const removeProvider = registerRegion(registry, { kind: 'provider', id: 'p' });
    expect(fallbackShows(registry.getSnapshot(), 'a')).toBe(false);
    removeProvider();
    expect(fallbackShows(registry.getSnapshot(), 'a')).toBe(true);
  });

  it('the next fallback takes over when the first unmounts', () => {
    const registry = regionsOf(createToastStore());
    const removeA = registerRegion(registry, { kind: 'fallback', id: 'a' });
    registerRegion(registry, { kind: 'fallback', id: 'b' });
    removeA();
    expect(fallbackShows(registry.getSnapshot(), 'b')).toBe(true);
  });

  it('each toast store has its own regions', () => {
    const one = createToastStore();
    registerRegion(regionsOf(one), { kind: 'provider', id: 'p' });
    const other = regionsOf(createToastStore());
    registerRegion(other, { kind: 'fallback', id: 'a' });
    expect(regionsOf(one)).toBe(regionsOf(one));
    expect(fallbackShows(other.getSnapshot(), 'a')).toBe(true);
  });
});
