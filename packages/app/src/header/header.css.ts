import { style } from '@vanilla-extract/css';
import { media, vars } from '@scribe/ui/theme';

export const appShell = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.background,
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  height: 56,
  padding: `0 ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.mobile]: { height: 52, padding: `0 ${vars.space.md}` } },
});

export const headerStart = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xl,
  minWidth: 0,
});

export const nav = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 28,
  height: 28,
  borderRadius: vars.radius.full,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.02em',
  '::before': { content: 'attr(data-initials)' },
});

export const triggerName = style({
  maxWidth: 180,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.medium,
});

export const menuHeader = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 200,
});

export const menuName = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold });
export const menuUsername = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular });
export const menuBalance = style({
  marginTop: vars.space.xs,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const languageItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  width: '100%',
});
export const languageCurrent = style({ color: vars.color.textMuted });

/* Pages with a heading */

export const page = style({
  flex: '1 0 auto',
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  '@media': { [media.mobile]: { padding: `${vars.space.xl} ${vars.space.lg}` } },
});

export const pageInner = style({
  maxWidth: 880,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});

export const pageHead = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

/* The phone's profile menu trigger (in the workspace's left drawer) */

export const profileTrigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  padding: vars.space.sm,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { background: vars.color.surfaceSunken },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const profileText = style({
  flex: '1 1 auto',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const profileName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
});

export const profileUsername = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
