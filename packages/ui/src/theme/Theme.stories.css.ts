import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './contract.css.ts';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
  gap: vars.space.md,
});

export const swatch = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const chip = style({
  height: 40,
  borderRadius: vars.radius.md,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
});

export const swatches = styleVariants(vars.color, (value) => ({ background: value }));

export const space = style({ width: 16, background: vars.color.accentSoft, borderRadius: vars.radius.sm });

export const spaces = styleVariants(vars.space, (value) => ({ height: value }));
