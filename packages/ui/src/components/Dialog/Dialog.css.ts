import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const zoomIn = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  background: vars.color.overlay,
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.motion.normal} ease-out` },
    '&[data-exiting]': { animation: `${fadeIn} ${vars.motion.fast} ease-in reverse` },
  },
});

const modalBase = style({
  width: '100%',
  maxHeight: 'calc(100dvh - 32px)',
  display: 'flex',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: {
    '&[data-entering]': { animation: `${zoomIn} ${vars.motion.normal} ease-out` },
  },
});

export const modal = styleVariants({
  sm: [modalBase, { maxWidth: 400 }],
  md: [modalBase, { maxWidth: 520 }],
  lg: [modalBase, { maxWidth: 720 }],
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  minHeight: 0,
  outline: 'none',
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBlock: `${vars.space.lg} ${vars.space.sm}`,
  paddingInline: vars.space.xl,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  paddingBlock: 6,
});

export const closeButton = style({ marginInlineEnd: `calc(${vars.space.sm} * -1)` });

export const body = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  paddingBlock: `${vars.space.xs} ${vars.space.lg}`,
  paddingInline: vars.space.xl,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
});

export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  paddingBlock: vars.space.md,
  paddingInline: vars.space.xl,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  borderEndStartRadius: vars.radius.lg,
  borderEndEndRadius: vars.radius.lg,
});
