import type { Messages } from '@lingui/core';

/** ui's catalog for `locale` (English for unknown locales), loaded on demand (`@scribe/ui/i18n`). */
export async function loadUiMessages(locale: string): Promise<Messages> {
  const catalog = locale === 'de' ? await import('./locales/de/messages.po') : await import('./locales/en/messages.po');
  return catalog.messages;
}
