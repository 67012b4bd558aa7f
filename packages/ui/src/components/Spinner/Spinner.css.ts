import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const glyph = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
  '@media': {
    // Even with reduced motion a slow turn says "busy"; a frozen ring looks broken.
    '(prefers-reduced-motion: reduce)': { animationDuration: '1600ms' },
  },
});

export const glyphSize = styleVariants({
  sm: { width: 14, height: 14 },
  md: { width: 18, height: 18 },
  lg: { width: 28, height: 28, borderWidth: 3 },
});

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.accent,
});
