// The theme's token values, light and dark. themes.css.ts puts them on the kit's roots (and under the theme
// classes), global.css.ts on :root for apps that opt in to the page-level stylesheet.
import { FONT_SANS_VAR, SYSTEM_FONT_STACK } from './kitRoot.ts';

export const shared = {
  space: { xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '40px' },
  font: {
    // The system UI font unless a host (or the optional fonts.css, Inter) sets --scribe-font-sans.
    body: `var(${FONT_SANS_VAR}, ${SYSTEM_FONT_STACK})`,
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  fontSize: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '28px' },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.25', normal: '1.5' },
  radius: { sm: '4px', md: '6px', lg: '10px', full: '9999px' },
  motion: { fast: '120ms', normal: '200ms' },
};

// Neutral greys with one indigo accent. Text pairs are chosen for WCAG AA (4.5:1) in both schemes:
// `accent` is used both as a fill (with `accentText` on it) and as link text on surfaces.
export const light = {
  ...shared,
  color: {
    background: '#f7f7f8',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    surfaceSunken: '#f1f1f4',
    text: '#18181d',
    textMuted: '#5c5c69',
    textInverse: '#ffffff',
    border: '#e4e4ea',
    borderStrong: '#c7c7d1',
    accent: '#5550d6',
    accentHover: '#4843c2',
    accentText: '#ffffff',
    accentSoft: '#eeeefd',
    danger: '#c8283c',
    dangerSoft: '#fdeeef',
    dangerText: '#b11f33',
    success: '#17784b',
    successSoft: '#e7f6ee',
    warning: '#9a4d00',
    warningSoft: '#fff4e2',
    focusRing: '#6b66e6',
    overlay: 'rgba(16, 16, 24, 0.45)',
  },
  shadow: {
    sm: '0 1px 2px rgba(16, 16, 24, 0.06)',
    md: '0 2px 4px rgba(16, 16, 24, 0.05), 0 4px 12px rgba(16, 16, 24, 0.08)',
    lg: '0 8px 16px rgba(16, 16, 24, 0.08), 0 16px 40px rgba(16, 16, 24, 0.14)',
  },
};

export const dark: typeof light = {
  ...shared,
  color: {
    background: '#0e0e11',
    surface: '#16161a',
    surfaceRaised: '#1e1e23',
    surfaceSunken: '#111114',
    text: '#ededf0',
    textMuted: '#a1a1ad',
    textInverse: '#0e0e11',
    border: '#2a2a31',
    borderStrong: '#41414b',
    accent: '#8f8cf8',
    accentHover: '#a5a3fa',
    accentText: '#0d0c1f',
    accentSoft: '#24234a',
    danger: '#f07078',
    dangerSoft: '#3a1a1e',
    dangerText: '#ff9aa1',
    success: '#4fcf8f',
    successSoft: '#14301f',
    warning: '#f0b45a',
    warningSoft: '#33260f',
    focusRing: '#9d9afa',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 2px 4px rgba(0, 0, 0, 0.3), 0 4px 12px rgba(0, 0, 0, 0.4)',
    lg: '0 8px 16px rgba(0, 0, 0, 0.35), 0 16px 40px rgba(0, 0, 0, 0.55)',
  },
};
