import { i18n, setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
// The app's page-level rules and Inter, as the app loads them (the components' own styles are scoped).
import '../packages/ui/src/theme/global.css.ts';
import '../packages/ui/src/theme/fonts.ts';
import { transcriptKitMessages } from '../packages/transcript-kit/src/i18n.ts';
import { preloadKitLocale } from '../packages/transcript-kit/src/locale/kitCatalogs.ts';
import { ThemeScope, themeClassNames, uiMessages } from '../packages/ui/src/index.ts';
import { reviewViewports } from './modes.ts';

// Every package's catalogs, merged per locale as an app does it (ui first, then the kit).
for (const locale of ['en', 'de'] as const) {
  i18n.load(locale, { ...uiMessages[locale], ...transcriptKitMessages[locale] });
}
i18n.activate('en');

/**
 * Docs pages render many stories at once. Activating the shared instance there switched every story on
 * the page to the locale of whichever story rendered last, so each story there gets a fixed-locale one.
 */
const docsI18n: Record<'en' | 'de', I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: { ...uiMessages.en, ...transcriptKitMessages.en } } }),
  de: setupI18n({ locale: 'de', messages: { de: { ...uiMessages.de, ...transcriptKitMessages.de } } }),
};

/** Lingui with ui's catalogs; the `locale` toolbar global switches English/German. */
const withI18n: Decorator = (Story, context) => {
  const locale = context.globals.locale === 'de' ? 'de' : 'en';
  if (context.viewMode === 'docs') {
    return (
      <I18nProvider i18n={docsI18n[locale]}>
        <Story />
      </I18nProvider>
    );
  }
  if (i18n.locale !== locale) i18n.activate(locale);
  return (
    <I18nProvider i18n={i18n}>
      <Story />
    </I18nProvider>
  );
};

/**
 * Forces the colour scheme on <html> (so portaled popovers, dialogs and toasts follow too).
 * `globals.scheme` comes from the toolbar or from a story's `globals: { scheme: 'dark' }`.
 */
function SchemeRoot({ scheme, children }: { scheme: 'light' | 'dark' | 'system'; children: React.ReactNode }) {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.remove(themeClassNames.light, themeClassNames.dark);
    if (scheme !== 'system') root.classList.add(themeClassNames[scheme]);
    return () => root.classList.remove(themeClassNames.light, themeClassNames.dark);
  }, [scheme]);
  return <>{children}</>;
}

const withScheme: Decorator = (Story, context) => {
  const scheme = (context.globals.scheme as 'light' | 'dark' | 'system' | undefined) ?? 'light';
  // On a docs page each story's scheme stays inside its own block: on <html> the last story's scheme (or
  // the toolbar's) recoloured the whole page, its other stories included.
  if (context.viewMode === 'docs') {
    return scheme === 'system' ? (
      <Story />
    ) : (
      <ThemeScope scheme={scheme}>
        <Story />
      </ThemeScope>
    );
  }
  return (
    <SchemeRoot scheme={scheme}>
      <Story />
    </SchemeRoot>
  );
};

const preview: Preview = {
  decorators: [withScheme, withI18n],
  // The kit's own German catalog (for a story's `locale="de"` prop) loads on demand: here before any story renders.
  loaders: [() => preloadKitLocale('de')],
  initialGlobals: { locale: 'en', scheme: 'light' },
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
        ],
        dynamicTitle: true,
      },
    },
    scheme: {
      description: 'Colour scheme',
      toolbar: {
        title: 'Scheme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'system', title: 'Follow system' },
        ],
        dynamicTitle: true,
      },
    },
  },
  parameters: {
    layout: 'padded',
    // Phone and desktop in the viewport toolbar, the same sizes as the review modes (modes.ts).
    viewport: { options: reviewViewports },
    controls: { expanded: true },
    // Axe violations fail the story test.
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
};

export default preview;
