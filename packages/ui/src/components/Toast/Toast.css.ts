import { createVar, fallbackVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

/** Horizontal offset while the user swipes the toast to the right. */
export const swipeX = createVar();
const offset = fallbackVar(swipeX, '0px');

const enter = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});
const exit = keyframes({
  from: { opacity: 1, transform: `translateX(${offset})` },
  to: { opacity: 0, transform: `translateX(calc(${offset} + 24px))`, visibility: 'hidden' },
});

export const region = style({
  position: 'fixed',
  zIndex: 200,
  insetBlockEnd: vars.space.lg,
  insetInlineEnd: vars.space.lg,
  width: 'min(380px, calc(100vw - 32px))',
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '4px', borderRadius: vars.radius.lg },
  },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

const toastBase = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.lg,
  paddingInlineEnd: vars.space.xxl,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  touchAction: 'pan-y',
  userSelect: 'none',
  transform: `translateX(${offset})`,
  selectors: {
    '&[data-state="open"]': { animation: `${enter} ${vars.motion.normal} ease-out` },
    // Stays in the DOM after dismissal (spec: removed 3000 ms later) but fades out and leaves the a11y tree.
    '&[data-state="closed"]': {
      animation: `${exit} ${vars.motion.normal} ease-in forwards`,
      pointerEvents: 'none',
    },
    '&[data-swiping]': { transition: 'none' },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      selectors: { '&[data-state="closed"]': { animation: 'none', visibility: 'hidden' } },
    },
  },
});

export const toast = styleVariants({
  default: [toastBase],
  success: [toastBase],
  destructive: [toastBase, { borderColor: `color-mix(in srgb, ${vars.color.danger} 45%, ${vars.color.border})` }],
});

export const icon = styleVariants({
  default: { display: 'none' },
  success: { display: 'flex', paddingTop: 2, color: vars.color.success },
  destructive: { display: 'flex', paddingTop: 2, color: vars.color.dangerText },
});

export const content = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0, flex: '1 1 auto' });

export const title = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const close = style({
  position: 'absolute',
  insetBlockStart: vars.space.sm,
  insetInlineEnd: vars.space.sm,
});
