import type { Messages } from '@lingui/core';
import { messages as de } from './locales/de/messages.po';
import { messages as en } from './locales/en/messages.po';

/**
 * transcript-kit's compiled catalogs. Merge them with ui's and the app's:
 * i18n.load(locale, { ...uiMessages[locale], ...transcriptKitMessages[locale], ...appMessages }).
 */
export const transcriptKitMessages: Record<'en' | 'de', Messages> = { en, de };
export const transcriptKitMessagesEn = en;
export const transcriptKitMessagesDe = de;

/** Same catalogs, as a promise (for apps that load catalogs lazily). Unknown locales fall back to English. */
export async function loadTranscriptKitMessages(locale: string): Promise<Messages> {
  return locale === 'de' ? de : en;
}
