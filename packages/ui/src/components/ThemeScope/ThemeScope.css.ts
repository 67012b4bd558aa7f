import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const scope = style({ background: vars.color.background, color: vars.color.text });
