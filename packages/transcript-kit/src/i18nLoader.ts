import type { Messages } from '@lingui/core';

/**
 * transcript-kit's catalog for `locale` (English for unknown locales), loaded on demand: an app that
 * imports only this (`@scribe/transcript-kit/i18n`) ships neither the other language nor the components
 * on pages that don't use them.
 */
export async function loadTranscriptKitMessages(locale: string): Promise<Messages> {
  const catalog = locale === 'de' ? await import('./locales/de/messages.po') : await import('./locales/en/messages.po');
  return catalog.messages;
}
