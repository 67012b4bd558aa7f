// Points the kit's font stack at Inter (loaded by fonts.ts, `@scribe/ui/fonts.css`).
import { globalStyle } from '@vanilla-extract/css';
import { FONT_SANS_VAR, INTER_FONT_STACK } from './kitRoot.ts';

globalStyle(':root', { vars: { [FONT_SANS_VAR]: INTER_FONT_STACK } });
