import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';
import { dragGrip } from '../styles/controls.css.ts';

export const root = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md', minWidth: 0 });

export const section = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xs' });

// Wraps rather than overflows: in a narrow panel the button goes under the heading.
export const sectionHeader = sprinkles({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 'sm',
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.textMuted });

export const promptList = sprinkles({
  display: 'flex',
  flexDirection: 'column',
  gap: 'xxs',
  margin: 'none',
  padding: 'none',
  listStyle: 'none',
});

export const promptRow = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xxs' }),
  {
    borderRadius: vars.radius.md,
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
      '&[data-dragging]': { opacity: 0.6 },
    },
  },
]);

/** The grip of a saved prompt: react-aria's drag button, also the keyboard's way to pick the row up. */
export const dragHandle = style([
  dragGrip,
  {
    cursor: 'grab',
    selectors: {
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
    },
  },
]);

/** Where a dragged prompt lands: a line between rows. */
export const dropIndicator = style({
  selectors: {
    '&[data-drop-target]': { outline: `1px solid ${vars.color.accent}` },
  },
});

export const promptButton = style([
  sprinkles({ flex: '1', minWidth: 0, display: 'flex', alignItems: 'center', gap: 'sm' }),
  {
    padding: `${vars.space.xs} ${vars.space.sm}`,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    color: vars.color.text,
    font: 'inherit',
    fontSize: vars.fontSize.sm,
    textAlign: 'left',
    cursor: 'pointer',
    position: 'relative',
    selectors: {
      '&[data-hovered], &[data-focus-visible]': { zIndex: 5 },
      '&[data-hovered]': { background: vars.color.accentSoft },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
      '&[data-disabled]': { opacity: 0.6, cursor: 'default' },
    },
  },
]);

/** A long name (German above all) wraps to a second line; what still does not fit is cut with an ellipsis. */
export const promptName = style({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  minWidth: 0,
});

/**
 * A name cut even on two lines, shown whole while its button is hovered or has the keyboard focus: a box
 * under the button (hidden from screen readers, which read the button's full name already).
 */
export const promptFullName = style({
  display: 'none',
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  insetInlineEnd: vars.space.sm,
  top: '100%',
  zIndex: 10,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  pointerEvents: 'none',
  selectors: {
    [`${promptButton}[data-hovered] &[data-truncated], ${promptButton}[data-focus-visible] &[data-truncated]`]: {
      display: 'block',
    },
    '&::after': { content: 'attr(data-full-name)' },
  },
});

/** The credits a prompt costs, after its name (the name keeps the room it needs first). */
export const promptCost = style({
  marginInlineStart: 'auto',
  flexShrink: 0,
  paddingInlineStart: vars.space.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: 400,
  // The button's own text colour: muted grey on the primary button's accent would be unreadable.
  color: 'inherit',
  whiteSpace: 'nowrap',
});

export { select, label } from '../styles/controls.css.ts';

export const runRow = sprinkles({ display: 'flex', justifyContent: 'flex-end' });

export const iconChoices = style([
  sprinkles({ display: 'flex', gap: 'xs', flexWrap: 'wrap', margin: 'none', padding: 'none' }),
  { border: 'none' },
]);

export const radioInput = style({ margin: 0, accentColor: vars.color.accent });

export const iconChoice = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xxs' }),
  {
    padding: `${vars.space.xxs} ${vars.space.sm}`,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    cursor: 'pointer',
    selectors: {
      '&[data-selected]': { borderColor: vars.color.accent, background: vars.color.accentSoft },
      '&:focus-within': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
    },
  },
]);

export const dialogActions = sprinkles({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 'sm' });

export const empty = style({ padding: vars.space.lg, textAlign: 'center' });

/** Under the model menu: what the chosen model is (the menu shows its short name whole). */
export const modelHint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
