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
export { loadTranscriptKitMessages } from './i18nLoader.ts';
