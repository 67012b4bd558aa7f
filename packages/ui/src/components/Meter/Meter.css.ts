import { styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const base = { fontWeight: vars.fontWeight.medium, fontVariantNumeric: 'tabular-nums' } as const;

// Text colours that keep AA contrast on the surface in both schemes.
export const valueTone = styleVariants({
  accent: { ...base, color: vars.color.accent },
  success: { ...base, color: vars.color.success },
  warning: { ...base, color: vars.color.warning },
  danger: { ...base, color: vars.color.dangerText },
});
