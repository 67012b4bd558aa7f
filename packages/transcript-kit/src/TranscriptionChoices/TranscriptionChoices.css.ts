import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const choices = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm' });

export const field = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxs' });

export { select, label } from '../styles/controls.css.ts';

export const facts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
});

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0, fontVariantNumeric: 'tabular-nums' });

export const buy = style({ marginTop: vars.space.xs });
