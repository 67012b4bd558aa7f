import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const root = style([sprinkles({ display: 'flex', alignItems: 'center', gap: 'xs' }), { flex: '1 1 12rem', minWidth: 0 }]);

export const heading = style({
  minWidth: 0,
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const form = style([
  sprinkles({ display: 'flex', alignItems: 'flex-start', gap: 'xs', flexWrap: 'wrap' }),
  { flex: '1 1 12rem', minWidth: 0 },
]);

export const field = style({ flex: '1 1 12rem', minWidth: 0 });

export const buttons = style([sprinkles({ display: 'flex', gap: 'xs' }), { paddingTop: 22 }]);
