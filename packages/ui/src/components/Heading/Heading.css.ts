import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const base = style({
  margin: 0,
  color: vars.color.text,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.011em',
  fontWeight: vars.fontWeight.semibold,
});

export const heading = styleVariants({
  1: [base, { fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, letterSpacing: '-0.022em' }],
  2: [base, { fontSize: vars.fontSize.xl, letterSpacing: '-0.017em' }],
  3: [base, { fontSize: vars.fontSize.lg }],
  4: [base, { fontSize: vars.fontSize.md }],
});
