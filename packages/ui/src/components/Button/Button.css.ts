import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

// Plain styleVariants rather than @vanilla-extract/recipes: recipes add a runtime import that Vite
// discovers late in the story tests (a mid-run reload that made a test file flaky).
export const base = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontFamily: vars.font.body,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  userSelect: 'none',
  textDecoration: 'none',
  WebkitTapHighlightColor: 'transparent',
  transition: `background-color ${vars.motion.fast} ease, border-color ${vars.motion.fast} ease, color ${vars.motion.fast} ease, box-shadow ${vars.motion.fast} ease, transform ${vars.motion.fast} ease`,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
    '&[data-pressed]': { transform: 'translateY(0.5px)' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5, transform: 'none' },
    '&[data-pending]': { cursor: 'progress' },
  },
});

export const variant = styleVariants({
  primary: {
    background: vars.color.accent,
    color: vars.color.accentText,
    boxShadow: vars.shadow.sm,
    selectors: {
      '&[data-hovered]:not([data-disabled]):not([data-pending])': { background: vars.color.accentHover },
    },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    boxShadow: vars.shadow.sm,
    selectors: {
      '&[data-hovered]:not([data-disabled]):not([data-pending])': { background: vars.color.surfaceSunken },
    },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.text,
    selectors: {
      '&[data-hovered]:not([data-disabled]):not([data-pending])': { background: vars.color.surfaceSunken },
      '&[data-pressed]': { background: vars.color.border },
    },
  },
  danger: {
    background: vars.color.danger,
    color: vars.color.textInverse,
    boxShadow: vars.shadow.sm,
    selectors: {
      '&[data-hovered]:not([data-disabled]):not([data-pending])': { background: vars.color.dangerText },
    },
  },
});

export const size = styleVariants({
  sm: { height: 28, paddingInline: vars.space.md, fontSize: vars.fontSize.sm },
  md: { height: 36, paddingInline: vars.space.lg, fontSize: vars.fontSize.md },
});

export const fullWidth = style({ width: '100%' });
export const iconOnly = style({ paddingInline: 0, aspectRatio: '1 / 1' });

/**
 * Content stays in the layout while pending so the button keeps its width; opacity (not
 * visibility) keeps the label in the accessibility tree as the button's name.
 */
export const content = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  selectors: { '[data-pending] > &': { opacity: 0 } },
});

export const icon = style({ display: 'inline-flex', flexShrink: 0, fontSize: '1.15em' });

export const spinner = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
