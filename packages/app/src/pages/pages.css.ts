import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

/* Help */

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: vars.space.lg,
  counterReset: 'step',
});

/* 404 */

export const notFoundPage = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'xxl' }),
  { minHeight: '100dvh', padding: `${vars.space.xxl} ${vars.space.lg}` },
]);

export const notFoundMain = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'md' }),
  { textAlign: 'center', marginTop: '10vh' },
]);
