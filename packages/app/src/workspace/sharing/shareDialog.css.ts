import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

/* The owner's Share dialog */

export const form = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md' })]);

export const row = style([sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm' }), { flexWrap: 'wrap' }]);

export const created = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm' })]);

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const item = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm' }),
  { justifyContent: 'space-between', borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm },
]);
