import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: 22,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: 1,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
});

export const badge = styleVariants({
  neutral: [base, { background: vars.color.surfaceSunken, color: vars.color.textMuted, boxShadow: `inset 0 0 0 1px ${vars.color.border}` }],
  accent: [base, { background: vars.color.accentSoft, color: vars.color.accent }],
  success: [base, { background: vars.color.successSoft, color: vars.color.success }],
  warning: [base, { background: vars.color.warningSoft, color: vars.color.warning }],
  danger: [base, { background: vars.color.dangerSoft, color: vars.color.dangerText }],
});
