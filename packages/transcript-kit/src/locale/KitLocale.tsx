import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider, LinguiContext } from '@lingui/react';
import { DirectionProvider, ToastFallback, uiMessages } from '@scribe/ui';
import { I18nProvider as AriaLocale, isRTL } from 'react-aria-components';
import { useContext, type ComponentType, type ReactNode } from 'react';
import { transcriptKitMessages } from '../i18n.ts';
import { chooseKitCatalog, KIT_LOCALES, type KitLocale } from './chooseLocale.ts';

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

// One instance per language with ui's and the kit's catalogs, so components in different languages can
// share a page, and the host's own instance is never touched.
const instances = Object.fromEntries(
  KIT_LOCALES.map((locale) => [
    locale,
    setupI18n({ locale, messages: { [locale]: { ...uiMessages[locale], ...transcriptKitMessages[locale] } } }),
  ]),
) as Record<KitLocale, I18n>;

// Any one of the kit's message ids: present in the host's active catalog only if the host loaded the kit's.
const probeId = Object.keys(transcriptKitMessages.en)[0];

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

function KitCatalog({ locale, children }: KitLocaleProps & { children: ReactNode }) {
  const host = useContext(LinguiContext);
  const choice = chooseKitCatalog(
    locale,
    host ? { locale: host.i18n.locale, hasKitMessages: probeId !== undefined && probeId in host.i18n.messages } : null,
  );
  if (choice === 'host') return <>{children}</>;
  return <I18nProvider i18n={instances[choice]}>{children}</I18nProvider>;
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
