import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const text = style({ margin: 0, lineHeight: vars.lineHeight.normal });

export const size = styleVariants(vars.fontSize, (fontSize) => ({ fontSize }));

export const tone = styleVariants({
  default: { color: vars.color.text },
  muted: { color: vars.color.textMuted },
  danger: { color: vars.color.dangerText },
});

export const weight = styleVariants(vars.fontWeight, (fontWeight) => ({ fontWeight }));
