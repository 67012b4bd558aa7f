import { createVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, width: '100%' });

export const labels = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const label = style({ fontWeight: vars.fontWeight.medium, color: vars.color.text });
export const value = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const track = style({
  position: 'relative',
  height: 6,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
});

const slide = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

/** Fill width per instance through a CSS variable. */
export const fillWidth = createVar();

export const fillBase = style({
  width: fillWidth,
  height: '100%',
  borderRadius: vars.radius.full,
  transition: `width ${vars.motion.normal} ease`,
});

export const indeterminate = style({
  width: '40%',
  animation: `${slide} 1.2s ease-in-out infinite`,
  '@media': {
    // Slower with reduced motion, as the spinner: a bar that stands still would read as progress stopped.
    '(prefers-reduced-motion: reduce)': { animationDuration: '3.6s' },
  },
});

export const tone = styleVariants({
  accent: { background: vars.color.accent },
  success: { background: vars.color.success },
  warning: { background: vars.color.warning },
  danger: { background: vars.color.danger },
});
