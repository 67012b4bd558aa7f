import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';
import { oneLineHeading } from '../styles/controls.css.ts';

export const viewer = style([
  sprinkles({ display: 'flex', flexDirection: 'column', minHeight: 0, height: 'full' }),
  {
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    color: vars.color.text,
    overflow: 'hidden',
  },
]);

export const header = style([
  sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 'sm' }),
  { padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}` },
]);

export const title = style([oneLineHeading, { flex: '1 1 12rem' }]);

export const actions = sprinkles({ display: 'flex', alignItems: 'center', gap: 'xs', flexWrap: 'wrap' });

export const viewToggle = style({
  display: 'inline-flex',
  padding: 2,
  gap: 2,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
});

export const viewOption = style({
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { background: vars.color.surfaceRaised, color: vars.color.text, boxShadow: vars.shadow.sm },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});

/** The scrolling body: the active segment is scrolled into view inside it, never the page. */
export const scroller = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space.md,
});

export const paragraph = style({
  margin: `0 0 ${vars.space.md}`,
  lineHeight: 1.75,
  maxWidth: '72ch',
  whiteSpace: 'pre-wrap',
});

export const state = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md', padding: 'lg' }), { maxWidth: '40rem' }]);

export const stateHeading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const stateText = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const empty = style({ margin: 0, color: vars.color.textMuted });
