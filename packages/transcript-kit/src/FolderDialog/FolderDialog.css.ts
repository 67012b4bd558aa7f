import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

/** A wrapper that only gives the form a handle on the field's input; no box of its own. */
export const fieldSlot = style({ display: 'contents' });
