import { style } from '@vanilla-extract/css';

export const iconButton = style({ flexShrink: 0 });

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 16,
  height: 16,
});
