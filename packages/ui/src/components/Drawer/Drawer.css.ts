import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fromLeft = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } });
const fromRight = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'none' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  background: vars.color.overlay,
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.motion.normal} ease-out` },
    '&[data-exiting]': { animation: `${fadeIn} ${vars.motion.normal} ease-in reverse` },
  },
});

const panelBase = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  width: 'min(320px, 88vw)',
  display: 'flex',
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const panel = styleVariants({
  left: [
    panelBase,
    {
      left: 0,
      borderRight: `1px solid ${vars.color.border}`,
      selectors: {
        '&[data-entering]': { animation: `${fromLeft} ${vars.motion.normal} ease-out` },
        '&[data-exiting]': { animation: `${fromLeft} ${vars.motion.normal} ease-in reverse` },
      },
    },
  ],
  right: [
    panelBase,
    {
      right: 0,
      borderLeft: `1px solid ${vars.color.border}`,
      selectors: {
        '&[data-entering]': { animation: `${fromRight} ${vars.motion.normal} ease-out` },
        '&[data-exiting]': { animation: `${fromRight} ${vars.motion.normal} ease-in reverse` },
      },
    },
  ],
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  outline: 'none',
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const titles = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  paddingBlock: 4,
});

export const description = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const body = style({ flex: 1, overflowY: 'auto', padding: vars.space.lg });
