import { style } from '@vanilla-extract/css';

export const icon = style({
  width: 16,
  height: 16,
  flexShrink: 0,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});
