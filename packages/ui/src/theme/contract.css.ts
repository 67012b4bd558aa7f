import { createThemeContract } from '@vanilla-extract/css';

/**
 * The one theme contract (Braid style): every colour, space, type, radius, shadow and motion token.
 * Values live in themes.css.ts; components and other packages only ever read `vars`.
 */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    surfaceSunken: null,
    text: null,
    textMuted: null,
    textInverse: null,
    border: null,
    borderStrong: null,
    accent: null,
    accentHover: null,
    accentText: null,
    accentSoft: null,
    danger: null,
    dangerSoft: null,
    dangerText: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    focusRing: null,
    overlay: null,
  },
  space: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  font: { body: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  fontWeight: { regular: null, medium: null, semibold: null, bold: null },
  lineHeight: { tight: null, normal: null },
  radius: { sm: null, md: null, lg: null, full: null },
  shadow: { sm: null, md: null, lg: null },
  motion: { fast: null, normal: null },
});

export type SpaceToken = keyof typeof vars.space;
export type FontSizeToken = keyof typeof vars.fontSize;
