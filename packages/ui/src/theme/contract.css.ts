import { createGlobalThemeContract } from '@vanilla-extract/css';
import { kebab, tokenVarName } from './tokenNames.ts';

// The token tree (Braid style): every colour, space, type, radius, shadow and motion token.
const tokens = {
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
} as const;

type Tokens<T> = { [K in keyof T]: T[K] extends null ? string : Tokens<T[K]> };
type Contract = Tokens<typeof tokens>;

/**
 * The kit's own values (light, dark, or the system's), under `--scribe-default-…`. Only the stylesheets
 * assign these (themes.css.ts, global.css.ts); hosts set the public names instead.
 */
export const defaults = createGlobalThemeContract(tokens, (_value, path) => `scribe-default-${kebab(path)}`);

function read<T>(node: T, path: string[]): Tokens<T> {
  return Object.fromEntries(
    Object.entries(node as object).map(([key, child]) => {
      const at = [...path, key];
      const value = child === null ? `var(${tokenVarName(at)}, var(--scribe-default-${kebab(at)}))` : read(child, at);
      return [key, value];
    }),
  ) as Tokens<T>;
}

/**
 * What components read: the public `--scribe-…` property when a host (or a ThemeProvider) set it on any
 * ancestor, else the kit's default. The kit never assigns the public names in its stylesheets, so a value a
 * host puts on a container is never overridden by the theme on the kit's own roots.
 */
export const vars: Contract = read(tokens, []);

/** Every public custom property name, e.g. `--scribe-color-accent` (the documented theming API). */
export const tokenVarNames: string[] = (function names(node: object, path: string[]): string[] {
  return Object.entries(node).flatMap(([key, child]) =>
    child === null ? [tokenVarName([...path, key])] : names(child as object, [...path, key]),
  );
})(tokens, []);

/** The matching default names (`--scribe-default-…`), carried with the public ones onto portaled overlays. */
export const defaultVarNames: string[] = tokenVarNames.map((name) => name.replace(/^--scribe-/, '--scribe-default-'));

export type SpaceToken = keyof typeof vars.space;
export type FontSizeToken = keyof typeof vars.fontSize;
