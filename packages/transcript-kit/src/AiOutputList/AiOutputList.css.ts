import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const actions = style({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: vars.space.xs });

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, listStyle: 'none', margin: 0, padding: 0 });

export const itemHeader = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
});

export const prompt = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 600, overflowWrap: 'anywhere' });

export const output = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  margin: 0,
  lineHeight: 1.55,
  fontFamily: 'inherit',
});

export const time = style({
  display: 'inline',
  padding: '0 2px',
  margin: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.accent,
  font: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: 2,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.accentSoft },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.xs,
  padding: vars.space.xl,
});
