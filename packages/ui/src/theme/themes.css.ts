import { assignVars, globalStyle, style } from '@vanilla-extract/css';
import { defaults } from './contract.css.ts';
import { KIT_ROOT_CLASS } from './kitRoot.ts';
import { dark, light, shared } from './values.ts';

/** Forced schemes (stories, a future user setting). `:root.x` outranks the media query on :root. */
export const lightThemeClass = style({});
export const darkThemeClass = style({});

// The theme's values live on the kit's outermost roots, never on :root: a host page gets no custom
// properties and no `color-scheme` from the kit (apps that want them on :root import global.css).
// Zero specificity, so a host (or a component) can still override any of them.
const root = `.${KIT_ROOT_CLASS}`;
const themed = `${lightThemeClass}, ${darkThemeClass}`;
const outermostRoot = `:where(${root}:not(${root} *))`;
const unthemedRoot = `:where(${root}:not(${themed}, ${root} *, ${lightThemeClass} *, ${darkThemeClass} *))`;
globalStyle(outermostRoot, {
  vars: assignVars(
    {
      space: defaults.space,
      font: defaults.font,
      fontSize: defaults.fontSize,
      fontWeight: defaults.fontWeight,
      lineHeight: defaults.lineHeight,
      radius: defaults.radius,
      motion: defaults.motion,
    },
    shared,
  ),
  '@media': { '(prefers-reduced-motion: reduce)': { vars: assignVars(defaults.motion, { fast: '0ms', normal: '0ms' }) } },
});
// Light, or dark with the system setting, unless a theme class above chose the scheme.
globalStyle(unthemedRoot, {
  vars: { ...assignVars(defaults.color, light.color), ...assignVars(defaults.shadow, light.shadow) },
  colorScheme: 'light dark',
  '@media': {
    '(prefers-color-scheme: dark)': { vars: { ...assignVars(defaults.color, dark.color), ...assignVars(defaults.shadow, dark.shadow) } },
  },
});

globalStyle(`:root${lightThemeClass}, ${lightThemeClass}`, {
  vars: assignVars(defaults.color, light.color),
  colorScheme: 'light',
});
globalStyle(`:root${darkThemeClass}, ${darkThemeClass}`, {
  vars: assignVars(defaults.color, dark.color),
  colorScheme: 'dark',
});
globalStyle(`:root${lightThemeClass}, ${lightThemeClass}`, { vars: assignVars(defaults.shadow, light.shadow) });
globalStyle(`:root${darkThemeClass}, ${darkThemeClass}`, { vars: assignVars(defaults.shadow, dark.shadow) });
