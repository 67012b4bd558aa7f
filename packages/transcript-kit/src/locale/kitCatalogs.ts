// The kit's own Lingui instances (for a `locale` prop, or a host without the kit's catalogs), one per
// language. English needs no catalog: every message carries its English text (the macro keeps it in
// development; the published build puts each module's English, compiled, into the module:
// scripts/build-package.ts), so a host carries the English of the components it imports, not of every
// component. German loads on demand, so a host's first load does not carry it.
import { msg } from '@lingui/core/macro';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { loadUiMessages, uiMessagesEn } from '@scribe/ui';
import { kitLocaleOf, type KitLocale } from './chooseLocale.ts';

const catalogs: Record<Exclude<KitLocale, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de/messages.po'),
};

const instance = (locale: KitLocale, messages: Messages) => setupI18n({ locale, messages: { [locale]: messages } });
const instances: Partial<Record<KitLocale, I18n>> = { en: instance('en', uiMessagesEn) };
const loading = new Map<KitLocale, Promise<void>>();
const listeners = new Set<() => void>();

/** One of the kit's message ids: a host's catalog holds it only if the host loaded the kit's. */
const kitProbeId: string = msg`Transcript segments`.id;

/** Whether a host's Lingui instance can render the kit as it is: it loaded the kit's catalogs. */
export function carriesKitCatalogs(i18n: I18n): boolean {
  return kitProbeId in i18n.messages;
}

/** The kit's instance for `locale` once its catalog is here (English always is). */
export function kitI18n(locale: KitLocale): I18n | undefined {
  return instances[locale];
}

/** Calls `listener` whenever a catalog has arrived; returns the unsubscribe. */
export function subscribeKitCatalogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads the kit's (and ui's) catalog for `locale`; English and unknown locales resolve at once. Components
 * with that `locale` speak it from then on. Await it before the first render (on a server before
 * rendering, in the browser before rendering or hydrating) so that render is in the language too;
 * otherwise such a component shows English until the catalog has arrived (it asks for it itself).
 */
export function preloadKitLocale(locale: string): Promise<void> {
  const code = kitLocaleOf(locale);
  if (code === 'en' || instances[code]) return Promise.resolve();
  let pending = loading.get(code);
  if (!pending) {
    pending = Promise.all([catalogs[code](), loadUiMessages(code)]).then(
      ([kit, ui]) => {
        instances[code] = instance(code, { ...ui, ...kit.messages });
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        loading.delete(code); // a later call tries again
        throw error;
      },
    );
    loading.set(code, pending);
  }
  return pending;
}
