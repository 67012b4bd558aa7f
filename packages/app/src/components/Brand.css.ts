import { style } from '@vanilla-extract/css';
import { media, vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const brand = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'sm', minWidth: 0 }),
  { color: vars.color.text, textDecoration: 'none' },
]);

export const mark = style({ width: 28, height: 28, flexShrink: 0 });
export const markBackground = style({ fill: vars.color.accent });
export const markWave = style({
  stroke: vars.color.accentText,
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  fill: 'none',
});

export const name = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '-0.01em',
  whiteSpace: 'nowrap',
});

export const nameCompact = style([
  name,
  {
    '@media': { [media.mobile]: { fontSize: vars.fontSize.md, overflow: 'hidden', textOverflow: 'ellipsis' } },
  },
]);
