import { describe, expect, it, vi } from 'vitest';
import { kitI18n, preloadKitLocale, subscribeKitCatalogs } from './kitCatalogs.ts';

// The viewer's "Detailed" toggle, by its (hashed) message id in the compiled English catalog.
const detailedId = () => Object.entries(kitI18n('en')!.messages).find(([, text]) => JSON.stringify(text) === '["Detailed"]')![0];

describe('the kit catalogs', () => {
  it('has English at once, German only once loaded, and tells subscribers when it arrives', async () => {
    expect(kitI18n('en')!._(detailedId())).toBe('Detailed');
    expect(kitI18n('de')).toBeUndefined();

    const arrived = vi.fn();
    const unsubscribe = subscribeKitCatalogs(arrived);
    const first = preloadKitLocale('de-AT');
    expect(preloadKitLocale('de')).toBe(first); // one load for every caller
    await first;
    unsubscribe();

    expect(arrived).toHaveBeenCalledTimes(1);
    const german = kitI18n('de')!;
    expect(german.locale).toBe('de');
    expect(german._(detailedId())).toBe('Detailliert');
    await preloadKitLocale('de'); // already here: nothing to load, nobody told again
    expect(arrived).toHaveBeenCalledTimes(1);
  });

  it('resolves at once for English and for a language it has no catalog for', async () => {
    await expect(preloadKitLocale('en')).resolves.toBeUndefined();
    await expect(preloadKitLocale('fr')).resolves.toBeUndefined();
    expect(kitI18n('fr' as 'en')).toBeUndefined();
  });
});
