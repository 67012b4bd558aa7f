import { describe, expect, it } from 'vitest';
import { createApiClient, paths } from './client.ts';
import { SNIPPET_MATCH_END as E, SNIPPET_MATCH_START as S, snippetParts } from './search.ts';

describe('snippetParts', () => {
  it('cuts a snippet at its markers', () => {
    expect(snippetParts(`the ${S}house${E} by the ${S}sea${E}.`)).toEqual([
      { text: 'the ', match: false },
      { text: 'house', match: true },
      { text: ' by the ', match: false },
      { text: 'sea', match: true },
      { text: '.', match: false },
    ]);
  });

  it('keeps markup as text and drops stray markers', () => {
    expect(snippetParts(`<b>${E}a${S}`)).toEqual([
      { text: '<b>', match: false },
      { text: 'a', match: false },
    ]);
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
});
