import { useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { I18nProvider, isRTL, useLocale } from 'react-aria-components';
import { KIT_ROOT_CLASS } from '../../theme/kitRoot.ts';
import { darkThemeClass, lightThemeClass } from '../../theme/themes.css.ts';
import { ThemeSourceContext } from './carryTheme.ts';
import * as styles from './ThemeProvider.css.ts';
import { themeTokenVars, type ThemeTokens } from './themeTokens.ts';

export interface ThemeProviderProps {
  /**
   * 'light' or 'dark' forces a scheme; 'system' (default) follows the system setting (or a theme class
   * on an ancestor); an object sets any tokens (`{ scheme: 'dark', color: { accent: '#0b7a5a' } }`).
   */
  theme?: 'light' | 'dark' | 'system' | ThemeTokens;
  /** Writing direction of everything inside, overlays included ('rtl' flips layout and arrow keys). */
  dir?: 'ltr' | 'rtl';
  children: ReactNode;
}

/**
 * Themes the kit components inside it and the menus, popovers and dialogs they portal to <body>. Renders a
 * `display: contents` element: no box, the theme and `dir` inherit through it. A host's own `--scribe-…`
 * values on an ancestor still win over the light/dark defaults; the object form's values win over both.
 */
export function ThemeProvider({ theme = 'system', dir, children }: ThemeProviderProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scheme = typeof theme === 'string' ? theme : (theme.scheme ?? 'system');
  const style = useMemo(() => (typeof theme === 'string' ? undefined : (themeTokenVars(theme) as CSSProperties)), [theme]);
  const schemeClass = scheme === 'dark' ? darkThemeClass : scheme === 'light' ? lightThemeClass : '';
  const content = (
    <div ref={ref} className={`${KIT_ROOT_CLASS} ${schemeClass} ${styles.provider}`} style={style} dir={dir}>
      <ThemeSourceContext.Provider value={ref}>{children}</ThemeSourceContext.Provider>
    </div>
  );
  return dir ? <DirectionProvider dir={dir}>{content}</DirectionProvider> : content;
}

/**
 * Gives react-aria the direction (sliders' and trees' arrow keys, overlay placement). React-aria derives it
 * from a locale: the surrounding one when its direction fits, else a right-to-left (or English) locale.
 */
export function DirectionProvider({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) {
  const { locale, direction } = useLocale();
  if (direction === dir) return <>{children}</>;
  return <I18nProvider locale={localeForDirection(locale, dir)}>{children}</I18nProvider>;
}

/** `locale` itself when its direction is `dir`, else one that has it: Hebrew (Latin digits) or English. */
export function localeForDirection(locale: string, dir: 'ltr' | 'rtl'): string {
  if (isRTL(locale) === (dir === 'rtl')) return locale;
  return dir === 'rtl' ? 'he' : 'en-US';
}
