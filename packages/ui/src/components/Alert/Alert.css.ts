import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const base = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-start',
  paddingBlock: vars.space.md,
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontSize: vars.fontSize.md,
  color: vars.color.text,
});

export const alert = styleVariants({
  info: [base, { background: vars.color.accentSoft, borderColor: `color-mix(in srgb, ${vars.color.accent} 25%, transparent)` }],
  success: [base, { background: vars.color.successSoft, borderColor: `color-mix(in srgb, ${vars.color.success} 25%, transparent)` }],
  warning: [base, { background: vars.color.warningSoft, borderColor: `color-mix(in srgb, ${vars.color.warning} 25%, transparent)` }],
  danger: [base, { background: vars.color.dangerSoft, borderColor: `color-mix(in srgb, ${vars.color.danger} 25%, transparent)` }],
});

export const iconTone = styleVariants({
  info: { color: vars.color.accent },
  success: { color: vars.color.success },
  warning: { color: vars.color.warning },
  danger: { color: vars.color.dangerText },
});

export const icon = style({ display: 'flex', paddingTop: 3 });

export const content = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const title = style({ fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.normal });
