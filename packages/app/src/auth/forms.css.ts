import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const fields = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'lg' });

export const passwordGroup = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm' });

export const agreements = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});
