import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const skipLink = style({
  position: 'absolute',
  left: vars.space.md,
  top: vars.space.md,
  zIndex: 1000,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  boxShadow: vars.shadow.md,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const routeLoading = style({
  minHeight: '50vh',
  display: 'grid',
  placeItems: 'center',
});

// <main> receives focus from the skip link; the focus itself needs no ring.
globalStyle('main[tabindex="-1"]:focus', { outline: 'none' });

/* Sign-in and registration */

export const authPage = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'xl' }),
  {
    minHeight: '100dvh',
    padding: `${vars.space.xxl} ${vars.space.lg} ${vars.space.lg}`,
    background: `radial-gradient(1200px 480px at 50% -120px, ${vars.color.accentSoft}, transparent 70%), ${vars.color.background}`,
    '@media': { [media.mobile]: { paddingTop: vars.space.xl } },
  },
]);

export const authHeader = sprinkles({ display: 'flex', justifyContent: 'center' });

export const authMain = style({
  width: '100%',
  maxWidth: 440,
  flex: '1 0 auto',
});

export const authCardHead = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xs', marginBottom: 'xl' });
/** A notice above the sign-in form (a shared file waits). */
export const authNotice = sprinkles({ marginBottom: 'lg' });

export const authSwitch = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexWrap: 'wrap',
    gap: 'xs',
    marginTop: 'xl',
    paddingTop: 'lg',
  }),
  { borderTop: `1px solid ${vars.color.border}`, color: vars.color.textMuted, fontSize: vars.fontSize.sm },
]);

export const publicFooter = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: 'md',
    width: 'full',
    padding: 'lg',
  }),
  { maxWidth: 960, margin: '0 auto', color: vars.color.textMuted, fontSize: vars.fontSize.sm },
]);

export const footerNav = sprinkles({ display: 'flex', flexWrap: 'wrap', gap: 'lg' });

/* Static pages */

export const staticPage = style([
  sprinkles({ display: 'flex', flexDirection: 'column' }),
  { minHeight: '100dvh', background: vars.color.background },
]);

export const staticHeader = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 'md' }),
  {
    padding: `${vars.space.md} ${vars.space.xl}`,
    borderBottom: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    '@media': { [media.mobile]: { padding: `${vars.space.md} ${vars.space.lg}` } },
  },
]);

export const staticMain = style({
  flex: '1 0 auto',
  width: '100%',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  '@media': { [media.mobile]: { padding: `${vars.space.xl} ${vars.space.lg}` } },
});

export const article = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xl' }), { maxWidth: 720, margin: '0 auto' }]);

export const articleHead = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xs', paddingBottom: 'lg' }),
  { borderBottom: `1px solid ${vars.color.border}` },
]);

export const prose = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'lg' }),
  { lineHeight: 1.65, color: vars.color.text },
]);

globalStyle(`${prose} h2`, {
  margin: `${vars.space.md} 0 0`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});
globalStyle(`${prose} p, ${prose} ul, ${prose} ol`, { margin: 0 });
globalStyle(`${prose} ul, ${prose} ol`, { paddingLeft: vars.space.xl });
globalStyle(`${prose} li + li`, { marginTop: vars.space.xs });
