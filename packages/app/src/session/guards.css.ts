import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';

export const loading = style({
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.xl,
});
