import { style } from '@vanilla-extract/css';
import { sprinkles } from '@scribe/ui/sprinkles';
import { oneLineHeading } from '../styles/controls.css.ts';

export const root = style([sprinkles({ display: 'flex', alignItems: 'center', gap: 'xs' }), { flex: '1 1 12rem', minWidth: 0 }]);

export const heading = oneLineHeading;

export const form = style([
  sprinkles({ display: 'flex', alignItems: 'flex-start', gap: 'xs', flexWrap: 'wrap' }),
  { flex: '1 1 12rem', minWidth: 0 },
]);

export const field = style({ flex: '1 1 12rem', minWidth: 0 });

export const buttons = style([sprinkles({ display: 'flex', gap: 'xs' }), { paddingTop: 22 }]);
