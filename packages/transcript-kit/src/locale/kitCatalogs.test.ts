import { msg } from '@lingui/core/macro';
import { describe, expect, it, vi } from 'vitest';
import { kitI18n, preloadKitLocale, subscribeKitCatalogs } from './kitCatalogs.ts';

// The viewer's "Detailed" toggle, as its module asks for it: English from the message itself (the kit's
// English instance holds no catalog), German from the catalog once loaded.
const detailed = msg`Detailed`;
const detailedId = () => detailed;

describe('the kit catalogs', () => {
  it('has English at once, German only once loaded, and tells subscribers when it arrives', async () => {
    expect(kitI18n('en')!._(detailedId())).toBe('Detailed');
    expect(Object.keys(kitI18n('en')!.messages)).not.toContain(detailed.id);
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
