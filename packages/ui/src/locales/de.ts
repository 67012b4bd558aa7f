// `@scribe/ui/locales/de`: the compiled German catalog alone, for a host that loads its catalogs itself
// (i18n.load('de', { ...messages, ...yours })).
import type { Messages } from '@lingui/core';
import { messages as compiled } from './de/messages.po';

export const messages: Messages = compiled;
