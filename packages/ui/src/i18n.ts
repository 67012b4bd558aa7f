import type { Messages } from '@lingui/core';
import { messages as de } from './locales/de/messages.po';
import { messages as en } from './locales/en/messages.po';

/** ui's compiled catalogs; merge them into the app's i18n.load(locale, {...uiMessages[locale], ...app}). */
export const uiMessages: Record<'en' | 'de', Messages> = { en, de };
export const uiMessagesEn = en;
export const uiMessagesDe = de;
export { loadUiMessages } from './i18nLoader.ts';
