import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const panel = style({
  position: 'fixed',
  // Above toasts (200) and upload status cards (150), so they never cover its controls. Where it goes
  // is measured (placeCard.ts): this is its place before the first measure and without script.
  zIndex: 210,
  insetBlockEnd: vars.space.lg,
  insetInlineStart: '50%',
  transform: 'translateX(-50%)',
  width: 'min(440px, calc(100vw - 32px))',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  fontFamily: vars.font.body,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const inline = style({
  position: 'relative',
  insetBlockEnd: 'auto',
  insetInlineStart: 'auto',
  transform: 'none',
});

export const header = sprinkles({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 'sm' });

export const counter = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const text = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const dots = sprinkles({ display: 'flex', gap: 'xs', margin: 'none', padding: 'none', listStyle: 'none' });

export const dot = style({
  width: 8,
  height: 8,
  borderRadius: vars.radius.full,
  background: vars.color.border,
  transition: `background-color ${vars.motion.normal} ease`,
});

export const dotCurrent = style({ background: vars.color.accent });

export const actions = sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 'sm' });

export const spacer = sprinkles({ flex: '1' });

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  outline: 'none',
  transition: `background-color ${vars.motion.fast} ease, border-color ${vars.motion.fast} ease`,
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[data-hovered]': { background: vars.color.surfaceSunken },
    '&[data-selected]': { background: vars.color.accentSoft, borderColor: vars.color.accent },
  },
});

export const toggleMark = style({
  width: 10,
  height: 10,
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.textMuted}`,
  selectors: {
    [`${toggle}[data-selected] &`]: { background: vars.color.accent, borderColor: vars.color.accent },
  },
});

export const highlight = style({
  position: 'fixed',
  zIndex: 209,
  pointerEvents: 'none',
  borderRadius: vars.radius.md,
  outline: `3px solid ${vars.color.accent}`,
  outlineOffset: '3px',
  transition: `top ${vars.motion.normal} ease, left ${vars.motion.normal} ease, width ${vars.motion.normal} ease, height ${vars.motion.normal} ease`,
});
