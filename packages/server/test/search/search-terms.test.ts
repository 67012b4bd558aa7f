import { describe, expect, it } from 'vitest';
import { MAX_TERMS, searchTerms } from '../../src/features/search/terms.ts';

describe('searchTerms', () => {
  it('keeps words of letters and digits, lower-cased, without duplicates', () => {
    expect(searchTerms('Billing MIGRATION billing 2024')).toEqual(['billing', 'migration', '2024']);
    expect(searchTerms('Häuser über Straße')).toEqual(['häuser', 'über', 'straße']);
  });

  it('drops tsquery syntax and quotes, so they cannot reach PostgreSQL as operators', () => {
    expect(searchTerms(`&|!():*<->'"\\`)).toEqual([]);
    expect(searchTerms(`"billing" & !migration:* | (team)`)).toEqual(['billing', 'migration', 'team']);
    expect(searchTerms("don't")).toEqual(['don', 't']);
  });

  it('composes decomposed umlauts (NFC) so they match stored text', () => {
    expect(searchTerms('Ha\u0308user')).toEqual(['häuser']);
  });

  it(`keeps at most ${MAX_TERMS} words of the first 200 characters`, () => {
    expect(searchTerms(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_TERMS);
    expect(searchTerms(`${'x'.repeat(199)} tail`)).toEqual(['x'.repeat(64)]);
  });
});
