import { describe, expect, it } from 'vitest';
import { chunksFor } from './routeChunks.ts';

describe('chunksFor', () => {
  it('starts the app shell with each signed-in page', () => {
    expect(chunksFor('/')).toEqual(['appLayout', 'workspace']);
    expect(chunksFor('/credits')).toEqual(['appLayout', 'credits']);
    expect(chunksFor('/settings/')).toEqual(['appLayout', 'settings']);
  });

  it('starts only the page itself on public pages', () => {
    expect(chunksFor('/login')).toEqual(['login']);
    expect(chunksFor('/privacy-policy')).toEqual(['privacy']);
  });

  it('starts only the public share page for a share link', () => {
    expect(chunksFor('/s/abcDEF_-123')).toEqual(['share']);
    expect(chunksFor('/s/')).toEqual(['notFound']);
  });

  it('starts the 404 page for unknown paths', () => {
    expect(chunksFor('/nope')).toEqual(['notFound']);
  });
});
