import { describe, expect, it } from 'vitest';
import { createApiClient, paths } from './client.ts';
import { SNIPPET_MATCH_END, SNIPPET_MATCH_START } from './search.ts';

// transcript-kit's parseSnippet (which does not depend on this package) reads these same two characters.
describe('snippet markers', () => {
  it('are STX and ETX', () => {
    expect([SNIPPET_MATCH_START, SNIPPET_MATCH_END]).toEqual(['\u0002', '\u0003']);
  });
});

describe('search client', () => {
  it('encodes the query and sends the signal', async () => {
    expect(paths.search('a&b c', { folderId: 3, limit: 10 })).toBe('/api/search?q=a%26b+c&folderId=3&limit=10');
    const calls: [string, RequestInit | undefined][] = [];
    const controller = new AbortController();
    const api = createApiClient({
      fetch: async (url, init) => {
        calls.push([String(url), init]);
        return new Response(JSON.stringify({ results: [] }), { headers: { 'content-type': 'application/json' } });
      },
    });
    expect(await api.search.query('haus', { signal: controller.signal })).toEqual({ results: [] });
    expect(calls[0]![0]).toBe('/api/search?q=haus');
    expect(calls[0]![1]!.signal).toBe(controller.signal);
  });

  it('filters by a speaker only when one is named, and reads the speaker names', async () => {
    expect(paths.search('haus', { speaker: 'Speaker 1' })).toBe('/api/search?q=haus&speaker=Speaker+1');
    expect(paths.search('haus', { speaker: 'Zoë & Ann' })).toBe('/api/search?q=haus&speaker=Zo%C3%AB+%26+Ann');
    expect(paths.search('haus', { speaker: null })).toBe('/api/search?q=haus');
    expect(paths.search('haus', { speaker: '' })).toBe('/api/search?q=haus');
    const calls: string[] = [];
    const api = createApiClient({
      fetch: async (url) => {
        calls.push(String(url));
        return new Response(JSON.stringify({ speakers: ['Anna', 'Speaker 1'] }), { headers: { 'content-type': 'application/json' } });
      },
    });
    expect(await api.search.speakers()).toEqual({ speakers: ['Anna', 'Speaker 1'] });
    expect(calls).toEqual(['/api/search/speakers']);
  });
});
