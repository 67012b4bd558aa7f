import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { validationMessages } from '@scribe/api-client';
import { describeApiMessage, strengthDescriptors, translateApiMessage, validationDescriptors } from './messages.ts';

describe('API message descriptors', () => {
  it('keeps each Lingui source text identical to the api-client text', () => {
    // A drift would leave the English UI showing a different text than the server and spec.
    for (const [key, text] of Object.entries(validationMessages)) {
      const descriptor = validationDescriptors[key as keyof typeof validationMessages];
      expect(descriptor.message, key).toBe(text);
      expect(describeApiMessage(text)).toBe(descriptor);
    }
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
    expect(Object.values(strengthDescriptors).map((d) => d.message)).toEqual([
      'Very Weak',
      'Weak',
      'Medium',
      'Strong',
      'Very Strong',
    ]);
  });
});
