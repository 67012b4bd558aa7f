import { style } from '@vanilla-extract/css';
import { media, vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const appShell = style([
  sprinkles({ display: 'flex', flexDirection: 'column' }),
  { minHeight: '100dvh', background: vars.color.background },
]);

export const header = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 'lg' }),
  {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    height: 56,
    padding: `0 ${vars.space.xl}`,
    background: vars.color.surface,
    borderBottom: `1px solid ${vars.color.border}`,
    '@media': { [media.mobile]: { height: 52, padding: `0 ${vars.space.md}` } },
  },
]);

export const headerStart = sprinkles({ display: 'flex', alignItems: 'center', gap: 'xl', minWidth: 0 });

/** The library search between the navigation and the account menu. */
export const headerSearch = style({ flex: '1 1 auto', maxWidth: '28rem', minWidth: 0 });

export const nav = sprinkles({ display: 'flex', alignItems: 'center', gap: 'xs' });

export const trigger = sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'sm' });

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

export const menuHeader = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxs' }), { minWidth: 200 }]);

export const menuName = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold });
export const menuUsername = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular });
export const menuBalance = style({
  marginTop: vars.space.xs,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const languageItem = sprinkles({ display: 'flex', justifyContent: 'space-between', gap: 'lg', width: 'full' });
export const languageCurrent = style({ color: vars.color.textMuted });

/* Pages with a heading */

export const page = style({
  flex: '1 0 auto',
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  '@media': { [media.mobile]: { padding: `${vars.space.xl} ${vars.space.lg}` } },
});

export const pageInner = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xl' }), { maxWidth: 880, margin: '0 auto' }]);

export const pageHead = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xs' });

/* The phone's profile menu trigger (in the workspace's left drawer) */

export const profileTrigger = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm', width: 'full', padding: 'sm' }),
  {
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
  },
]);

export const profileText = sprinkles({ flex: 'auto', minWidth: 0, display: 'flex', flexDirection: 'column' });

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
