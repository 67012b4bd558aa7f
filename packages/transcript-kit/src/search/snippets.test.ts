import { describe, expect, it } from 'vitest';
import { hitKey, hitOfKey, parseSnippet, snippetText, type SearchResult } from './snippets.ts';

describe('parseSnippet', () => {
  it('splits a snippet into marked and unmarked runs', () => {
    expect(parseSnippet('…the \u0002budget\u0003 is due on \u0002Friday\u0003')).toEqual([
      { text: '…the ', marked: false },
      { text: 'budget', marked: true },
      { text: ' is due on ', marked: false },
      { text: 'Friday', marked: true },
    ]);
  });

  it('keeps a snippet without markers as one plain run, and an empty one as none', () => {
    expect(parseSnippet('no match marked')).toEqual([{ text: 'no match marked', marked: false }]);
    expect(parseSnippet('')).toEqual([]);
  });

  it('never shows markers: a start without end marks to the end, a stray end is dropped', () => {
    expect(parseSnippet('a \u0002b c')).toEqual([
      { text: 'a ', marked: false },
      { text: 'b c', marked: true },
    ]);
    expect(parseSnippet('a\u0003 b')).toEqual([{ text: 'a b', marked: false }]);
    expect(parseSnippet('\u0002\u0003x')).toEqual([{ text: 'x', marked: false }]);
  });

  it('treats markup as text (the snippet is never HTML)', () => {
    expect(parseSnippet('<b>\u0002x\u0003</b>')).toEqual([
      { text: '<b>', marked: false },
      { text: 'x', marked: true },
      { text: '</b>', marked: false },
    ]);
  });
});

describe('snippetText', () => {
  it('drops the markers', () => {
    expect(snippetText('the \u0002Häuser\u0003 here')).toBe('the Häuser here');
  });
});

describe('hitKey / hitOfKey', () => {
  const results: SearchResult[] = [
    { transcriptId: 7, title: 'A', folderId: null, hits: [{ kind: 'title', snippet: 'A' }] },
    {
      transcriptId: 9,
      title: 'B',
      folderId: 2,
      hits: [
        { kind: 'segment', snippet: 'x', start: 1 },
        { kind: 'ai_output', snippet: 'y', aiOutputId: 3 },
      ],
    },
  ];

  it('finds the hit a key names', () => {
    expect(hitOfKey(results, hitKey(9, 1))).toEqual({ result: results[1], hit: results[1].hits[1] });
    expect(hitOfKey(results, hitKey(7, 0))?.hit.kind).toBe('title');
  });

  it('is null for a key that names nothing', () => {
    expect(hitOfKey(results, hitKey(9, 5))).toBeNull();
    expect(hitOfKey(results, hitKey(1, 0))).toBeNull();
    expect(hitOfKey(results, 'junk')).toBeNull();
  });
});
