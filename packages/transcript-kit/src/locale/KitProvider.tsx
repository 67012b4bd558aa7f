import { I18nProvider, LinguiContext } from '@lingui/react';
import { DirectionProvider, ToastFallback } from '@scribe/ui';
import { I18nProvider as AriaLocale, isRTL } from 'react-aria-components';
import { useContext, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { chooseKitCatalog } from './chooseLocale.ts';
import { kitI18n, kitProbeId, preloadKitLocale, subscribeKitCatalogs } from './kitCatalogs.ts';

export interface KitLocaleProps {
  /**
   * The language of this component ('en', 'de'; others fall back to English). Without it the component
   * follows the host's Lingui instance (I18nProvider), or speaks English when there is none.
   */
  locale?: string;
  /**
   * Writing direction for react-aria inside the component (a slider's and the tree's arrow keys, overlay
   * placement) and for its menus and dialogs. Without it a right-to-left `locale` ('ar', 'he') sets it.
   * Layout mirrors with `dir` on an ancestor element (or ThemeProvider's `dir`), as for any HTML.
   */
  dir?: 'ltr' | 'rtl';
}

/** Gives its children a Lingui context the kit can render with (see chooseKitCatalog). */
export function KitLocale({ locale, dir, children }: KitLocaleProps & { children: ReactNode }) {
  return (
    <KitDirection locale={locale} dir={dir}>
      <KitCatalog locale={locale}>{children}</KitCatalog>
    </KitDirection>
  );
}

// react-aria's direction: the `dir` prop, else a right-to-left `locale` prop; otherwise the surrounding one
// (an ancestor's ThemeProvider dir or I18nProvider), untouched so number formats stay as the host set them.
function KitDirection({ locale, dir, children }: KitLocaleProps & { children: ReactNode }) {
  if (dir) return <DirectionProvider dir={dir}>{children}</DirectionProvider>;
  if (locale && isRTL(locale)) return <AriaLocale locale={locale}>{children}</AriaLocale>;
  return <>{children}</>;
}

// The kit's own instances (kitCatalogs.ts), one per language, so components in different languages can
// share a page and the host's own instance is never touched. A language whose catalog has not arrived yet
// (German loads on demand) renders in English, never as message ids, and switches when it arrives.
function KitCatalog({ locale, children }: KitLocaleProps & { children: ReactNode }) {
  const host = useContext(LinguiContext);
  const choice = chooseKitCatalog(locale, host ? { locale: host.i18n.locale, hasKitMessages: kitProbeId in host.i18n.messages } : null);
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
 * A kit component that renders without an I18nProvider and takes a `locale` prop. It needs no
 * ToastProvider either: its toasts show in a fallback region while the host mounts none.
 */
// Pure, so a bundler drops every kit component the host does not import (they are all made by this call).
/*#__NO_SIDE_EFFECTS__*/
export function withKitLocale<P extends KitLocaleProps>(Component: ComponentType<P>, name: string): ComponentType<P> {
  function Localised({ locale, dir, ...props }: P) {
    return (
      <KitLocale locale={locale} dir={dir}>
        <Component {...(props as P)} />
        <ToastFallback />
      </KitLocale>
    );
  }
  Localised.displayName = name;
  return Localised;
}
