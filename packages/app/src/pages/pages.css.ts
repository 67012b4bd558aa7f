import { style } from '@vanilla-extract/css';
import { media, vars } from '@scribe/ui/theme';

/* Workspace: three panels, 15 / 60 / 25 percent (spec §2) */

export const workspace = style({
  flex: '1 1 auto',
  display: 'grid',
  gridTemplateColumns: '15fr 60fr 25fr',
  minHeight: 0,
  height: 'calc(100dvh - 56px)',
  '@media': {
    [media.mobile]: { gridTemplateColumns: '1fr', height: 'calc(100dvh - 52px)' },
  },
});

export const sidePanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.lg,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  overflow: 'auto',
  selectors: { '&:last-child': { borderRight: 0, borderLeft: `1px solid ${vars.color.border}` } },
  '@media': { [media.mobile]: { display: 'none' } },
});

export const centrePanel = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  overflow: 'auto',
});

export const emptyState = style({
  flex: '1 1 auto',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  padding: vars.space.xl,
  textAlign: 'center',
});

export const emptyIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: 72,
  height: 72,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
});

/* Help */

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: vars.space.lg,
  counterReset: 'step',
});

/* 404 */

export const notFoundPage = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xxl,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
});

export const notFoundMain = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
  marginTop: '10vh',
});
