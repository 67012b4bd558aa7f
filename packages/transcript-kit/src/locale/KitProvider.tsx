import { I18nProvider, LinguiContext } from '@lingui/react';
import { DirectionProvider, ToastFallback } from '@scribe/ui';
import { I18nProvider as AriaLocale, isRTL } from 'react-aria-components';
import { createContext, useContext, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { chooseKitCatalog } from './chooseLocale.ts';
import { carriesKitCatalogs, kitI18n, preloadKitLocale, subscribeKitCatalogs } from './kitCatalogs.ts';

export interface KitProviderProps {
  /**
   * The language of the kit's components inside ('en', 'de'; others fall back to English). Without it they
   * follow the host's Lingui instance (I18nProvider), or speak English when there is none.
   */
  locale?: string;
  /**
   * Writing direction for react-aria inside (a slider's and the tree's arrow keys, overlay placement) and
   * for the components' menus and dialogs. Without it a right-to-left `locale` ('ar', 'he') sets it. Layout
   * mirrors with `dir` on an ancestor element (or ThemeProvider's `dir`), as for any HTML.
   */
  dir?: 'ltr' | 'rtl';
  children?: ReactNode;
}

// Set by a KitProvider: the components inside render as they are, with the language it chose.
const KitScope = createContext(false);

/**
 * The kit's language and direction for everything inside, set once. Optional: without it the components
 * follow the host's Lingui instance when it carries the kit's catalogs, else speak English. It also shows
 * the components' toasts while the host mounts no ToastProvider.
 */
export function KitProvider({ locale, dir, children }: KitProviderProps) {
  return (
    <KitScope.Provider value>
      <KitDirection locale={locale} dir={dir}>
        <KitCatalog locale={locale}>
          {children}
          <ToastFallback />
        </KitCatalog>
      </KitDirection>
    </KitScope.Provider>
  );
}

// react-aria's direction: the `dir` prop, else a right-to-left `locale` prop; otherwise the surrounding one
// (an ancestor's ThemeProvider dir or I18nProvider), untouched so number formats stay as the host set them.
function KitDirection({ locale, dir, children }: KitProviderProps) {
  if (dir) return <DirectionProvider dir={dir}>{children}</DirectionProvider>;
  if (locale && isRTL(locale)) return <AriaLocale locale={locale}>{children}</AriaLocale>;
  return <>{children}</>;
}

// The kit's own instances (kitCatalogs.ts), one per language, so providers in different languages can
// share a page and the host's own instance is never touched. A language whose catalog has not arrived yet
// (German loads on demand) renders in English, never as message ids, and switches when it arrives.
function KitCatalog({ locale, children }: KitProviderProps) {
  const host = useContext(LinguiContext);
  const choice = chooseKitCatalog(locale, host ? { locale: host.i18n.locale, hasKitMessages: carriesKitCatalogs(host.i18n) } : null);
  const own = choice === 'host' ? undefined : choice;
  const loaded = useSyncExternalStore(
    subscribeKitCatalogs,
    () => own && kitI18n(own),
    () => own && kitI18n(own),
  );
  useEffect(() => {
    if (own && !kitI18n(own)) preloadKitLocale(own).catch(() => {}); // stays English if it cannot load
  }, [own]);
  if (!own) return <>{children}</>;
  return <I18nProvider i18n={loaded ?? kitI18n('en')!}>{children}</I18nProvider>;
}

/**
 * A kit component that needs no provider: inside a KitProvider, or a host I18nProvider carrying the kit's
 * catalogs, it renders with that language; otherwise (no provider at all, or a host Lingui without the kit's
 * catalogs) it brings a KitProvider of its own, following the host's locale or speaking English.
 */
// Pure, so a bundler drops every kit component the host does not import (they are all made by this call).
/*#__NO_SIDE_EFFECTS__*/
export function withKitProvider<P extends object>(Component: ComponentType<P>, name: string): ComponentType<P> {
  function Provided(props: P) {
    const scoped = useContext(KitScope);
    const host = useContext(LinguiContext);
    if (scoped) return <Component {...props} />;
    if (host && carriesKitCatalogs(host.i18n)) {
      // Toasts still need a region while the host mounts no ToastProvider (one shows, however many ask).
      return (
        <>
          <Component {...props} />
          <ToastFallback />
        </>
      );
    }
    return (
      <KitProvider>
        <Component {...props} />
      </KitProvider>
    );
  }
  Provided.displayName = name;
  return Provided;
}
