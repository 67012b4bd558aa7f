import { style } from '@vanilla-extract/css';

// No box of its own: the provider only carries the theme (custom properties and `dir` inherit through it).
export const provider = style({ display: 'contents' });
