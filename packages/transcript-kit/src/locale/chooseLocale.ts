// Which catalog the kit's components speak. Pure, so it is unit-tested apart from React.

/** The languages the kit ships catalogs for; anything else falls back to English text (never ids). */
export const KIT_LOCALES = ['en', 'de'] as const;
export type KitLocale = (typeof KIT_LOCALES)[number];

/** 'de', 'de-CH', 'DE_at' → 'de'; unknown, empty or missing → 'en'. */
export function kitLocaleOf(locale: string | null | undefined): KitLocale {
  const base = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (KIT_LOCALES as readonly string[]).includes(base) ? (base as KitLocale) : 'en';
}

export interface HostLingui {
  /** The host's active locale. */
  locale: string;
  /** Whether the host's active catalog already holds the kit's messages. */
  hasKitMessages: boolean;
}

/**
 * 'host' when the host's Lingui instance can render the kit as it is (no `locale` prop, and the host loaded
 * the kit's catalogs), else the kit's own catalog: the `locale` prop, else the host's locale, else English.
 */
export function chooseKitCatalog(locale: string | undefined, host: HostLingui | null): 'host' | KitLocale {
  if (locale === undefined && host?.hasKitMessages) return 'host';
  return kitLocaleOf(locale ?? host?.locale);
}
