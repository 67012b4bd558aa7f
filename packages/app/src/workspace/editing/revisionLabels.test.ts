import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { describeRevision } from './revisionLabels.ts';

async function i18nFor(locale: 'en' | 'de') {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Record<string, string> };
  const i18n = setupI18n();
  i18n.load({ [locale]: messages });
  i18n.activate(locale);
  return i18n;
}

describe('what a revision changed, in the user language', () => {
  it('names revision 1 the engine original and lists the changes of the others', async () => {
    const en = await i18nFor('en');
    expect(describeRevision(en, { number: 1, changes: ['original'], restoredFrom: null })).toBe('Original (engine output)');
    expect(describeRevision(en, { number: 3, changes: ['text', 'speakers'], restoredFrom: null })).toBe('Text, Speakers');
    expect(describeRevision(en, { number: 4, changes: ['restore'], restoredFrom: 1 })).toBe('Restored from revision 1');
  });

  it('says them in German', async () => {
    const de = await i18nFor('de');
    expect(describeRevision(de, { number: 1, changes: ['original'], restoredFrom: null })).toBe('Original (Ausgabe der Transkription)');
    expect(describeRevision(de, { number: 2, changes: ['split', 'merge', 'title'], restoredFrom: null })).toBe(
      'Geteilt, Zusammengeführt, Titel',
    );
    expect(describeRevision(de, { number: 5, changes: ['restore'], restoredFrom: 2 })).toBe('Wiederhergestellt aus Version 2');
  });
});
