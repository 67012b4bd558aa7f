import type { ReactNode } from 'react';
import { darkThemeClass, lightThemeClass } from '../../theme/themes.css.ts';
import { KIT_ROOT_CLASS } from '../../theme/kitRoot.ts';
import * as styles from './ThemeScope.css.ts';

export interface ThemeScopeProps {
  /** Forces a colour scheme for this subtree instead of following the system setting. */
  scheme: 'light' | 'dark';
  children: ReactNode;
}

/** Renders its children with a fixed scheme (stories, previews); overlays opened inside take it too (useThemeCarrier). */
export function ThemeScope({ scheme, children }: ThemeScopeProps) {
  return <div className={`${KIT_ROOT_CLASS} ${scheme === 'dark' ? darkThemeClass : lightThemeClass} ${styles.scope}`}>{children}</div>;
}

/** Class names for forcing a scheme on the document element (e.g. `document.documentElement.classList`). */
export const themeClassNames = { light: lightThemeClass, dark: darkThemeClass } as const;
