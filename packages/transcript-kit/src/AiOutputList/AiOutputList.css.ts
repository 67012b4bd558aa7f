import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const root = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md', minWidth: 0 });

export const header = sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 'sm' });

export const actions = sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 'xs' });

export const list = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md', margin: 'none', padding: 'none', listStyle: 'none' });

export const itemHeader = sprinkles({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: 'sm',
  marginBottom: 'sm',
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

export const empty = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'xs', padding: 'xl' }),
  { textAlign: 'center' },
]);

/** Re-run and download on an output card, side by side. */
export const cardActions = sprinkles({ display: 'flex', alignItems: 'center', gap: 'xxs', flexShrink: 0 });

export const rerunPrompt = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: vars.fontSize.sm });

export const rerunField = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxs' });

export const dialogActions = sprinkles({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 'sm' });

export const listItem = style({ outline: 'none', borderRadius: vars.radius.lg });

/** The output a search hit was found in: marked until another one is revealed. */
export const revealed = style({
  outline: `2px solid ${vars.color.accent}`,
  outlineOffset: 2,
  borderRadius: vars.radius.lg,
  scrollMarginTop: vars.space.md,
});
