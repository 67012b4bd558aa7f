// Type-checked by package.test.ts (not bundled): every JS entry the packages publish, with its types.
import type { Messages } from '@lingui/core';
import { transcriptKitMessages } from '@scribe/transcript-kit/utils';
import { loadTranscriptKitMessages } from '@scribe/transcript-kit/i18n';
import { messages as kitDe } from '@scribe/transcript-kit/locales/de';
import { messages as kitEn } from '@scribe/transcript-kit/locales/en';
import { uiMessages } from '@scribe/ui';
import { loadUiMessages } from '@scribe/ui/i18n';
import { messages as uiDe } from '@scribe/ui/locales/de';
import { messages as uiEn } from '@scribe/ui/locales/en';

export const catalogs: Messages[] = [kitDe, kitEn, uiDe, uiEn, transcriptKitMessages.de, uiMessages.en];
export const loaders: Array<(locale: string) => Promise<Messages>> = [loadTranscriptKitMessages, loadUiMessages];
