import { describe, expect, it } from 'vitest';
import { chooseKitCatalog, kitLocaleOf } from './chooseLocale.ts';

describe('kitLocaleOf', () => {
  it('takes the language of a tag and falls back to English for anything the kit has no catalog for', () => {
    expect(kitLocaleOf('de')).toBe('de');
    expect(kitLocaleOf('de-CH')).toBe('de');
    expect(kitLocaleOf('DE_at')).toBe('de');
    expect(kitLocaleOf('en-GB')).toBe('en');
    expect(kitLocaleOf('fr')).toBe('en');
    expect(kitLocaleOf('')).toBe('en');
    expect(kitLocaleOf(undefined)).toBe('en');
  });
});

describe('chooseKitCatalog', () => {
  it('speaks English from its own catalog when there is no Lingui at all', () => {
    expect(chooseKitCatalog(undefined, null)).toBe('en');
  });

  it('follows the locale prop, with or without a host instance', () => {
    expect(chooseKitCatalog('de', null)).toBe('de');
    expect(chooseKitCatalog('de', { locale: 'en', hasKitMessages: true })).toBe('de');
    expect(chooseKitCatalog('pt-BR', { locale: 'de', hasKitMessages: true })).toBe('en');
  });

  it("renders with the host's instance when it carries the kit's catalogs, else in the host's language from its own", () => {
    expect(chooseKitCatalog(undefined, { locale: 'de', hasKitMessages: true })).toBe('host');
    expect(chooseKitCatalog(undefined, { locale: 'de', hasKitMessages: false })).toBe('de');
    expect(chooseKitCatalog(undefined, { locale: 'ja', hasKitMessages: false })).toBe('en');
  });
});
