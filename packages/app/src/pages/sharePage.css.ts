import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

/* The public page of a share link */

export const page = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'lg' }),
  { minHeight: '100dvh', padding: `${vars.space.lg} ${vars.space.lg} 0`, maxWidth: 960, margin: '0 auto', width: '100%' },
]);

export const main = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'lg' }), { flex: 1 }]);

export const note = style({ margin: 0 });

/** The player stays in view at the bottom while the transcript scrolls. */
export const player = style({
  position: 'sticky',
  bottom: 0,
  paddingBottom: vars.space.md,
  background: vars.color.background,
});

export const notFound = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'md' }),
  { textAlign: 'center', marginTop: '10vh' },
]);
