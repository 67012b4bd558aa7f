import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  cursor: 'pointer',
  WebkitTapHighlightColor: 'transparent',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.textMuted } },
});

export const box = style({
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 18,
  height: 18,
  // Align the box with the first line of a 1.5 line-height label.
  marginTop: 1.5,
  borderRadius: vars.radius.sm,
  border: `1.5px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.accentText,
  transition: `background-color ${vars.motion.fast} ease, border-color ${vars.motion.fast} ease`,
  selectors: {
    [`${checkbox}[data-hovered] &`]: { borderColor: vars.color.textMuted },
    [`${checkbox}[data-selected] &`]: { background: vars.color.accent, borderColor: vars.color.accent },
    [`${checkbox}[data-invalid] &`]: { borderColor: vars.color.danger },
    [`${checkbox}[data-focus-visible] &`]: {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
    [`${checkbox}[data-disabled] &`]: { opacity: 0.5 },
  },
});

export const check = style({
  width: 12,
  height: 12,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});
