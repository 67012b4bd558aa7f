import { createVar, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const width = createVar();
export const height = createVar();

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } });

export const lines = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, width });

export const bone = style({
  display: 'block',
  width,
  height,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const line = style({
  selectors: { '&:last-child:not(:first-child)': { width: '60%' } },
});

export const group = style({ display: 'block' });
