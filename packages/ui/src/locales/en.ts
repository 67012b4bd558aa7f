// `@scribe/ui/locales/en`: the compiled English catalog alone, for a host that loads its catalogs itself
// (i18n.load('en', { ...messages, ...yours })).
import type { Messages } from '@lingui/core';
import { messages as compiled } from './en/messages.po';

export const messages: Messages = compiled;
