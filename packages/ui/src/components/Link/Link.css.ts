import { styleVariants, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const base = style({
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: 'none',
  transition: `color ${vars.motion.fast} ease, background-color ${vars.motion.fast} ease`,
  selectors: {
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const link = styleVariants({
  inline: [
    base,
    {
      color: vars.color.accent,
      textDecoration: 'underline',
      textDecorationColor: 'color-mix(in srgb, currentColor 40%, transparent)',
      textUnderlineOffset: '3px',
      selectors: { '&[data-hovered]': { textDecorationColor: 'currentColor' } },
    },
  ],
  nav: [
    base,
    {
      display: 'inline-flex',
      alignItems: 'center',
      gap: vars.space.xs,
      paddingBlock: vars.space.xs,
      paddingInline: vars.space.sm,
      color: vars.color.textMuted,
      fontWeight: vars.fontWeight.medium,
      fontSize: vars.fontSize.md,
      textDecoration: 'none',
      selectors: {
        '&[data-hovered]': { color: vars.color.text, background: vars.color.surfaceSunken },
        '&[aria-current="page"]': { color: vars.color.text, background: vars.color.surfaceSunken },
      },
    },
  ],
});
