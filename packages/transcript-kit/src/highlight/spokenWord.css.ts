import { globalStyle } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';

/** The word being spoken in the playing segment (useSpokenWord.ts). */
globalStyle('::highlight(scribe-spoken-word)', { backgroundColor: vars.color.accent, color: vars.color.textInverse });
