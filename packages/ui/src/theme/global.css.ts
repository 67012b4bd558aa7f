// `@scribe/ui/global.css`: opt-in page-level rules for an app built on the kit (the scribe app imports it).
// Embedders do not need it: the kit's own base styles are scoped to its roots (kitRoot.css.ts).
import { assignVars, createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { defaults, vars } from './contract.css.ts';
import { dark, light } from './values.ts';

/** Light by default on :root; dark follows the system setting. Defaults only: a page's own `--scribe-…` values win. */
createGlobalTheme(':root', defaults, light);
globalStyle(':root', {
  colorScheme: 'light dark',
  '@media': {
    '(prefers-color-scheme: dark)': { vars: assignVars(defaults, dark) },
    '(prefers-reduced-motion: reduce)': { vars: assignVars(defaults.motion, { fast: '0ms', normal: '0ms' }) },
  },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textRendering: 'optimizeLegibility',
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
});

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.background,
  fontFeatureSettings: "'cv11', 'ss01'",
});

globalStyle('button, input, textarea, select', { font: 'inherit', color: 'inherit' });

// One visible focus ring for keyboard users everywhere; RAC components mirror it with data-focus-visible.
globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
globalStyle(':focus:not(:focus-visible)', { outline: 'none' });

globalStyle('::selection', { background: vars.color.accentSoft });
