import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
