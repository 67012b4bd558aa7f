import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import {
  aiMessages,
  authMessages,
  accountFallbacks,
  accountMessages,
  creditsMessages,
  fileSizeExceededMessage,
  fileTooLargeMessage,
  libraryMessages,
  storageFullMessage,
  tooManyUnfinishedUploadsMessage,
  transcriptionOutcomeMessages,
  unsupportedExtensionMessage,
  uploadMessages,
  validationMessages,
} from '@scribe/api-client';
import {
  authDescriptors,
  accountDescriptors,
  accountFallbackDescriptors,
  creditsDescriptors,
  describeApiMessage,
  libraryDescriptors,
  strengthDescriptors,
  translateApiMessage,
  transcriptionOutcomeDescriptors,
  uploadDescriptors,
  validationDescriptors,
} from './messages.ts';

describe('API message descriptors', () => {
  it('keeps each Lingui source text identical to the api-client text', () => {
    // A drift would leave the English UI showing a different text than the server and spec.
    for (const [key, text] of Object.entries(validationMessages)) {
      const descriptor = validationDescriptors[key as keyof typeof validationMessages];
      expect(descriptor.message, key).toBe(text);
      expect(describeApiMessage(text)).toBe(descriptor);
    }
  });

  it('knows every sign-in and registration answer and the prompt length texts', () => {
    for (const [key, text] of Object.entries(authMessages)) {
      expect(authDescriptors[key as keyof typeof authMessages].message, key).toBe(text);
      expect(describeApiMessage(text)?.message).toBe(text);
    }
    expect(describeApiMessage(aiMessages.promptTooLong)?.message).toBe(aiMessages.promptTooLong);
    expect(describeApiMessage(aiMessages.promptNameTooLong)?.message).toBe(aiMessages.promptNameTooLong);
  });

  it('translates known texts and passes unknown ones through', () => {
    const i18n = setupI18n();
    const mismatch = validationDescriptors.passwordsMismatch;
    i18n.load('de', { [mismatch.id]: 'Die Passwörter stimmen nicht überein' });
    i18n.activate('de');
    expect(translateApiMessage(i18n, 'Passwords do not match')).toBe('Die Passwörter stimmen nicht überein');
    expect(translateApiMessage(i18n, 'Username already taken by someone')).toBe('Username already taken by someone');
  });

  it('has a descriptor for every strength label', () => {
    expect(Object.values(strengthDescriptors).map((d) => d.message)).toEqual(['Very Weak', 'Weak', 'Medium', 'Strong', 'Very Strong']);
  });
});

describe('spoken language and results without words', () => {
  it('keeps the Lingui source texts identical to the api-client texts, and no operator words in them', () => {
    for (const [key, text] of Object.entries(transcriptionOutcomeMessages)) {
      expect(transcriptionOutcomeDescriptors[key as keyof typeof transcriptionOutcomeMessages].message, key).toBe(text);
      expect(describeApiMessage(text)?.message).toBe(text);
      expect(text, key).not.toMatch(/TRANSCRIPTION_|_URL|_KEY|environment|env var/i);
    }
  });
});

describe('library and upload messages', () => {
  it('keeps the Lingui source texts identical to the api-client texts', () => {
    for (const [key, text] of Object.entries(libraryMessages)) {
      expect(libraryDescriptors[key as keyof typeof libraryMessages].message, key).toBe(text);
      expect(describeApiMessage(text)?.message).toBe(text);
    }
    for (const [key, text] of Object.entries(uploadMessages)) {
      expect(uploadDescriptors[key as keyof typeof uploadMessages].message, key).toBe(text);
    }
  });

  it('translates texts with a value and keeps the value', () => {
    const i18n = setupI18n();
    const status = describeApiMessage('Upload failed with status 502')!;
    const ext = describeApiMessage(unsupportedExtensionMessage('pdf'))!;
    i18n.load('de', {
      [status.id]: 'Hochladen mit Status {status} fehlgeschlagen',
      [ext.id]: 'Die Dateiendung .{ext} wird nicht unterstützt. Erlaubt: {list}',
    });
    i18n.activate('de');
    expect(translateApiMessage(i18n, 'Upload failed with status 502')).toBe('Hochladen mit Status 502 fehlgeschlagen');
    expect(translateApiMessage(i18n, unsupportedExtensionMessage('pdf'))).toBe(
      'Die Dateiendung .pdf wird nicht unterstützt. Erlaubt: wav, mp3, webm, m4a',
    );
  });
});

describe('upload size messages', () => {
  it('translate with the real German catalog, the sizes written the German way', async () => {
    const { messages } = (await import('../locales/de/messages.po')) as { messages: Record<string, string> };
    const i18n = setupI18n();
    i18n.load({ de: messages, en: {} });
    i18n.activate('en');
    expect(translateApiMessage(i18n, fileTooLargeMessage())).toBe('Please upload a file smaller than 100MB.');
    i18n.activate('de');
    expect(translateApiMessage(i18n, fileTooLargeMessage())).toBe('Bitte laden Sie eine Datei hoch, die kleiner als 100 MB ist.');
    expect(translateApiMessage(i18n, fileTooLargeMessage(20 * 1024 * 1024))).toBe(
      'Bitte laden Sie eine Datei hoch, die kleiner als 20 MB ist.',
    );
    expect(translateApiMessage(i18n, fileSizeExceededMessage(100 * 1024 * 1024 + 1))).toBe(
      'Die Datei ist 100,1 MB groß. Unterstützt werden höchstens 100 MB.',
    );
  });
});

describe('transcription messages', () => {
  it('translates a failure and the reason inside it, with the real German catalog', async () => {
    const { messages } = (await import('../locales/de/messages.po')) as { messages: Record<string, string> };
    const i18n = setupI18n();
    i18n.load('de', messages);
    i18n.activate('de');
    const german = translateApiMessage(i18n, 'Transcription failed: The file contains no audio.');
    expect(german).not.toContain('Transcription failed');
    expect(german).not.toContain('contains no audio');
    expect(translateApiMessage(i18n, 'Transcription completed!')).not.toBe('Transcription completed!');
    // An unknown reason stays as the server wrote it, inside the translated frame.
    expect(translateApiMessage(i18n, 'Transcription failed: engine exploded')).toMatch(/engine exploded$/);
  });
});

describe('credits message descriptors', () => {
  it('keeps each Lingui source text identical to the api-client text', () => {
    for (const [key, text] of Object.entries(creditsMessages)) {
      const descriptor = creditsDescriptors[key as keyof typeof creditsMessages];
      expect(descriptor.message, key).toBe(text);
      expect(describeApiMessage(text)).toBe(descriptor);
    }
  });
});

describe('not-enough-credits messages', () => {
  it('translates the server text with its numbers kept', async () => {
    const { messages } = (await import('../locales/de/messages.po')) as { messages: Record<string, string> };
    const i18n = setupI18n();
    i18n.load('de', messages);
    i18n.activate('de');
    const text = 'Transcription failed: Not enough credits: transcribing 7 started minutes of audio costs 7 credits and your balance is 5.';
    const german = translateApiMessage(i18n, text);
    expect(german).toContain('Nicht genügend Credits');
    expect(german).toMatch(/7.*7.*5/);
    expect(translateApiMessage(i18n, 'Not enough credits: an AI prompt with gpt-4 costs 5 credits and your balance is 3.')).toContain(
      'gpt-4',
    );
  });
});

describe('storage limit messages', () => {
  it('translates the storage-full and unfinished-uploads refusals with their numbers in German form', async () => {
    const { messages } = (await import('../locales/de/messages.po')) as { messages: Record<string, string> };
    const i18n = setupI18n();
    i18n.load('de', messages);
    i18n.activate('de');
    expect(translateApiMessage(i18n, storageFullMessage(130.5 * 1024 * 1024, 2048 * 1024 * 1024))).toBe(
      'Ihr Speicher ist voll: 130,5 von 2.048 MB belegt. Löschen Sie Transkripte, um Platz zu schaffen.',
    );
    expect(translateApiMessage(i18n, tooManyUnfinishedUploadsMessage(3, 24))).toBe(
      'Sie haben bereits 3 unvollständige(n) Upload(s). Schließen Sie einen ab oder warten Sie, bis ein unvollständiger Upload nach 24 Stunde(n) ohne neuen Teil entfernt wird.',
    );
  });
});

describe('account message descriptors', () => {
  it('keeps each Lingui source text identical to the api-client text', () => {
    for (const [key, text] of Object.entries(accountMessages)) {
      const descriptor = accountDescriptors[key as keyof typeof accountMessages];
      expect(descriptor.message, key).toBe(text);
      expect(describeApiMessage(text)).toBe(descriptor);
    }
    for (const [key, text] of Object.entries(accountFallbacks)) {
      const descriptor = accountFallbackDescriptors[key as keyof typeof accountFallbacks];
      expect(descriptor.message, key).toBe(text);
      expect(describeApiMessage(text)).toBe(descriptor);
    }
  });
});
