import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const kbd = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 20,
  height: 20,
  paddingInline: vars.space.xs,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: 1,
  color: vars.color.textMuted,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderBottomWidth: 2,
  borderRadius: vars.radius.sm,
});
