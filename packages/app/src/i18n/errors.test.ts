import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MessageDescriptor } from '@lingui/core';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorCodes, apiErrors, transcriptionOutcomeMessages } from '@scribe/api-client';
import { errorDescriptors, translateError } from './errors.ts';

/** msgid -> msgstr of the app's catalog in one locale (simple .po entries, as `lingui extract` writes them). */
function catalog(locale: 'en' | 'de'): Map<string, string> {
  const text = readFileSync(fileURLToPath(new URL(`../locales/${locale}/messages.po`, import.meta.url)), 'utf8');
  const map = new Map<string, string>();
  for (const m of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    map.set(JSON.parse(`"${m[1]}"`), JSON.parse(`"${m[2]}"`));
  }
  return map;
}

/** The codes without a descriptor, or whose descriptor has no English or no German entry in the catalogs. */
function missingEntries(
  codes: readonly string[],
  descriptors: Partial<Record<string, MessageDescriptor>>,
  en: Map<string, string>,
  de: Map<string, string>,
): string[] {
  return codes.filter((code) => {
    const source = descriptors[code]?.message;
    return !source || !en.get(source) || !de.get(source);
  });
}

async function germanI18n() {
  const { messages } = (await import('../locales/de/messages.po')) as { messages: Record<string, string> };
  const i18n = setupI18n();
  i18n.load({ de: messages, en: {} });
  i18n.activate('de');
  return i18n;
}

describe('every error code of the API has a translation (issue 14)', () => {
  const en = catalog('en');
  const de = catalog('de');

  it('has a descriptor and an English and a German catalog entry for each code', () => {
    expect(missingEntries(apiErrorCodes, errorDescriptors, en, de)).toEqual([]);
  });

  it('names a code that is added to the registry without entries', () => {
    // The same check as above, over the registry and one code nobody has translated yet.
    expect(missingEntries([...apiErrorCodes, 'ADDED_WITHOUT_ENTRIES'], errorDescriptors, en, de)).toEqual(['ADDED_WITHOUT_ENTRIES']);
  });

  it("keeps each Lingui source text identical to the registry's English", () => {
    // A drift would leave the English UI showing a different text than the server and the spec.
    for (const code of apiErrorCodes) expect(errorDescriptors[code].message, code).toBe(apiErrors[code]);
    expect(Object.keys(errorDescriptors).sort()).toEqual([...apiErrorCodes].sort());
  });

  it('says no operator words in the outcomes users read', () => {
    for (const [key, text] of Object.entries(transcriptionOutcomeMessages)) {
      expect(text, key).not.toMatch(/TRANSCRIPTION_|_URL|_KEY|environment|env var/i);
    }
  });
});

describe('translateError', () => {
  it('translates by code and shows the English of a code it does not know', async () => {
    const i18n = await germanI18n();
    expect(translateError(i18n, 'PASSWORDS_MISMATCH')).toBe(de('Passwords do not match'));
    expect(translateError(i18n, { code: 'PASSWORDS_MISMATCH', error: 'whatever the server wrote' })).toBe(de('Passwords do not match'));
    // An older or newer server: its own English, as it came.
    expect(translateError(i18n, { code: 'SOMETHING_NEW', error: 'Something new went wrong' })).toBe('Something new went wrong');
    expect(translateError(i18n, { error: 'No code at all' })).toBe('No code at all');
  });

  it("translates an ApiError by its code, the api-client's own failures too", async () => {
    const i18n = await germanI18n();
    expect(translateError(i18n, ApiError.of(0, 'LOGIN_FAILED'))).toBe('Anmeldung fehlgeschlagen');
    expect(translateError(i18n, ApiError.of(502, 'UPLOAD_STATUS_FAILED', { status: 502 }))).toBe('Hochladen fehlgeschlagen (Status 502)');
  });

  it('keeps the values of texts with parameters', async () => {
    const i18n = await germanI18n();
    expect(translateError(i18n, { code: 'UNSUPPORTED_EXTENSION', params: { ext: 'pdf', extensions: 'wav, mp3, webm, m4a' } })).toBe(
      'Die Dateiendung .pdf wird nicht unterstützt. Bitte laden Sie eine Datei mit einer dieser Endungen hoch: wav, mp3, webm, m4a',
    );
  });

  it('shows upload sizes the German way, and the English text word for word', async () => {
    const i18n = await germanI18n();
    expect(translateError(i18n, { code: 'FILE_TOO_LARGE', params: { maxMb: '100' } })).toBe(
      'Bitte laden Sie eine Datei hoch, die kleiner als 100 MB ist.',
    );
    expect(translateError(i18n, { code: 'FILE_TOO_LARGE', params: { maxMb: '20' } })).toBe(
      'Bitte laden Sie eine Datei hoch, die kleiner als 20 MB ist.',
    );
    expect(translateError(i18n, { code: 'FILE_SIZE_EXCEEDED', params: { sizeMb: '100.1', maxMb: '100' } })).toBe(
      'Die Datei ist 100,1 MB groß. Unterstützt werden höchstens 100 MB.',
    );
    i18n.activate('en');
    expect(translateError(i18n, { code: 'FILE_TOO_LARGE', params: { maxMb: '100' } })).toBe('Please upload a file smaller than 100MB.');
  });

  it('translates the storage-full and unfinished-uploads refusals with their numbers in German form', async () => {
    const i18n = await germanI18n();
    expect(translateError(i18n, { code: 'STORAGE_FULL', params: { usedMb: '130.5', quotaMb: '2048' } })).toBe(
      'Ihr Speicher ist voll: 130,5 von 2.048 MB belegt. Löschen Sie Transkripte, um Platz zu schaffen.',
    );
    expect(translateError(i18n, { code: 'TOO_MANY_UNFINISHED_UPLOADS', params: { max: 3, hours: 24 } })).toBe(
      'Sie haben bereits 3 unvollständige(n) Upload(s). Schließen Sie einen ab oder warten Sie, bis ein unvollständiger Upload nach 24 Stunde(n) ohne neuen Teil entfernt wird.',
    );
  });

  it('translates the not-enough-credits refusals with their numbers kept', async () => {
    const i18n = await germanI18n();
    const transcription = translateError(i18n, { code: 'NOT_ENOUGH_CREDITS_TRANSCRIPTION', params: { minutes: 7, needed: 7, balance: 5 } });
    expect(transcription).toContain('Nicht genügend Credits');
    expect(transcription).toMatch(/7.*7.*5/);
    expect(translateError(i18n, { code: 'NOT_ENOUGH_CREDITS_PROMPT', params: { model: 'gpt-4', needed: 5, balance: 3 } })).toContain(
      'gpt-4',
    );
  });

  it('translates a failure and the coded reason inside it; an unknown reason stays as the server wrote it', async () => {
    const i18n = await germanI18n();
    const german = translateError(i18n, {
      code: 'TRANSCRIPTION_FAILED',
      params: { reason: apiErrors.NO_SPEECH, reasonCode: 'NO_SPEECH' },
      error: `Transcription failed: ${apiErrors.NO_SPEECH}`,
    });
    expect(german).toMatch(/^Transkription fehlgeschlagen: /);
    expect(german).not.toContain('No speech detected');
    expect(german).toContain(de(apiErrors.NO_SPEECH));
    const credits = translateError(i18n, {
      code: 'TRANSCRIPTION_FAILED',
      params: { reason: 'Not enough credits: …', reasonCode: 'NOT_ENOUGH_CREDITS_TRANSCRIPTION', minutes: 7, needed: 7, balance: 5 },
    });
    expect(credits).toContain('Nicht genügend Credits');
    expect(credits).toMatch(/7.*7.*5/);
    expect(translateError(i18n, { code: 'TRANSCRIPTION_FAILED', params: { reason: 'engine exploded' } })).toBe(
      'Transkription fehlgeschlagen: engine exploded',
    );
  });
});

const german = catalog('de');
/** The German catalog's text of an English source text. */
function de(source: string): string {
  const text = german.get(source);
  if (!text) throw new Error(`no German for ${source}`);
  return text;
}
