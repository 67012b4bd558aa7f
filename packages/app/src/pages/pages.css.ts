import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';

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
