import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';

export const fields = style({ display: 'grid', gap: vars.space.sm });

export const summary = style({
  margin: `${vars.space.sm} 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

/** The matching lines: scrolls inside the dialog when there are many. */
export const lines = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  maxHeight: '16rem',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
});

export const line = style({
  display: 'flex',
  gap: vars.space.sm,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

export const time = style({ flex: 'none', color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const mark = style({
  background: vars.color.accentSoft,
  color: 'inherit',
  textDecoration: `underline 2px ${vars.color.accent}`,
  textUnderlineOffset: 3,
});

export const more = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
