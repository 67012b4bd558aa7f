// Base styles for what the kit renders, scoped under its root class (set on each kit component's root and on
// every portaled overlay). They repeat the app's page-level rules (global.css.ts) with the same specificity,
// so inside the kit nothing changes whether or not a page loads global.css, and outside it nothing applies.
import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css.ts';
import { KIT_ROOT_CLASS } from './kitRoot.ts';

const root = `.${KIT_ROOT_CLASS}`;
const inKit = `:where(${root}, ${root} *)`;

globalStyle(`${inKit}, ${inKit}::before, ${inKit}::after`, { boxSizing: 'border-box' });

// The outermost root sets the text (a host's body font or colour must not leak in). Zero specificity: a
// component's own root class still sets its size and colour.
globalStyle(`:where(${root}:not(${root} *))`, {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  fontFeatureSettings: "'cv11', 'ss01'",
  WebkitTextSizeAdjust: '100%',
  textRendering: 'optimizeLegibility',
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
});

globalStyle(`${inKit}:is(button, input, textarea, select)`, { font: 'inherit', color: 'inherit' });

globalStyle(`${inKit}:focus-visible`, {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
globalStyle(`${inKit}:focus:not(:focus-visible)`, { outline: 'none' });

globalStyle(`${inKit}::selection`, { background: vars.color.accentSoft });
