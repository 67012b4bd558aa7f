import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

/** Shared by TextField and TextArea: label, control, description and error, stacked. */
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  selectors: { '[data-disabled] > &': { color: vars.color.textMuted } },
});

export const requiredMark = style({ color: vars.color.dangerText, marginInlineStart: 2 });

export const control = style({
  width: '100%',
  minHeight: 36,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.sm,
  outline: 'none',
  transition: `border-color ${vars.motion.fast} ease, box-shadow ${vars.motion.fast} ease`,
  '::placeholder': { color: vars.color.textMuted, opacity: 1 },
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.textMuted },
    '&[data-focused]': {
      borderColor: vars.color.accent,
      boxShadow: `0 0 0 3px ${vars.color.accentSoft}`,
    },
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '1px',
    },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-invalid][data-focused]': { boxShadow: `0 0 0 3px ${vars.color.dangerSoft}` },
    '&[data-disabled]': {
      cursor: 'not-allowed',
      background: vars.color.surfaceSunken,
      color: vars.color.textMuted,
      boxShadow: 'none',
    },
  },
});

export const textarea = style({
  minHeight: 80,
  lineHeight: vars.lineHeight.normal,
  resize: 'vertical',
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.dangerText,
});
