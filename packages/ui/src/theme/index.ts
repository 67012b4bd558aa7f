// Only the tokens: .css.ts files in other packages import this path, and it must not pull in components.
export { vars, tokenVarNames, defaultVarNames } from './contract.css.ts';
export { tokenVarName } from './tokenNames.ts';
export type { SpaceToken, FontSizeToken } from './contract.css.ts';
export { breakpoints, media } from './breakpoints.ts';
export { KIT_ROOT_CLASS, FONT_SANS_VAR } from './kitRoot.ts';
