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

/** Digits inside an icon (the skip buttons' '10'). */
export const glyphText = style({
  fill: 'currentColor',
  stroke: 'none',
  fontSize: 6,
  fontWeight: 700,
  textAnchor: 'middle',
  fontFamily: 'inherit',
});
