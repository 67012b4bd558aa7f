import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const choices = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm' });

export const field = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxs' });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 500 });

export const select = style({
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
});

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
