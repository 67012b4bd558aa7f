import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { dragGrip } from '../styles/controls.css.ts';

/** One row height for every item: the virtualizer's ListLayout relies on it. */
export const ROW_HEIGHT = 32;

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  height: '100%',
  color: vars.color.text,
  fontFamily: vars.font.body,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
});

export const headerActions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xxs });

/** 'Select' / 'Done': a small text button beside 'New folder'. */
export const selectToggle = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.accent,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  paddingInline: vars.space.xs,
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceSunken },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

/** The row's selection checkbox (in the chevron's place). */
export const checkbox = style({
  flexShrink: 0,
  width: 20,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  outline: 'none',
});

export const checkboxBox = style({
  width: 14,
  height: 14,
  boxSizing: 'border-box',
  border: `1.5px solid ${vars.color.textMuted}`,
  borderRadius: 3,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.surface,
  selectors: {
    [`${checkbox}[data-selected] &`]: { background: vars.color.accent, borderColor: vars.color.accent },
    [`${checkbox}[data-focus-visible] &`]: { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});

export const checkboxMark = style({
  width: 10,
  height: 10,
  fill: 'none',
  stroke: vars.color.accentText,
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const tree = style({
  flex: '1 1 auto',
  minHeight: 0,
  overflow: 'auto',
  outline: 'none',
  paddingBlock: vars.space.xxs,
  borderRadius: vars.radius.md,
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: -2 },
    // The whole tree is the "top level" drop target (move out of every folder).
    '&[data-drop-target]': { outline: `2px solid ${vars.color.accent}`, outlineOffset: -2, background: vars.color.accentSoft },
  },
});

export const empty = style({
  display: 'block',
  paddingBlock: vars.space.lg,
  paddingInline: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  height: ROW_HEIGHT,
  boxSizing: 'border-box',
  paddingInlineEnd: vars.space.xxs,
  // RAC sets --tree-item-level (1 at the top) on every row.
  paddingInlineStart: `calc((var(--tree-item-level, 1) - 1) * 16px)`,
  marginInline: vars.space.xxs,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: 'default',
  outline: 'none',
  userSelect: 'none',
  position: 'relative',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceSunken },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: -2 },
    '&[data-selected]': { background: vars.color.accentSoft, fontWeight: vars.fontWeight.medium },
    '&[data-dragging]': { opacity: 0.5 },
    '&[data-drop-target]': { background: vars.color.accentSoft, outline: `2px solid ${vars.color.accent}`, outlineOffset: -2 },
  },
});

/** The grip (RAC's slot="drag" button): the keyboard's way into drag and drop. */
export const dragHandle = style([
  dragGrip,
  {
    opacity: 0,
    selectors: {
      '&[data-focus-visible]': { opacity: 1, outline: `2px solid ${vars.color.focusRing}` },
      [`${row}[data-hovered] &, ${row}[data-focus-visible] &, ${row}[data-dragging] &`]: { opacity: 1 },
    },
  },
]);

/** Rows that cannot be dragged keep the column (so names line up) but no control. */
export const dragPlaceholder = style({ flexShrink: 0, width: 16 });

export const chevron = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 20,
  height: 20,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  transition: `transform ${vars.motion.fast} ease`,
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
    // Closed folders point along the reading direction: left in right-to-left text.
    '&:dir(rtl)': { transform: 'scaleX(-1)' },
    [`${row}[data-expanded] &`]: { transform: 'rotate(90deg)' },
  },
});

export const chevronSpacer = style({ flexShrink: 0, width: 20 });

export const nodeIcon = style({
  display: 'inline-flex',
  flexShrink: 0,
  color: vars.color.textMuted,
  selectors: { [`${row}[data-selected] &`]: { color: vars.color.accent } },
});

export const name = style({
  flex: '1 1 auto',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  paddingInlineStart: vars.space.xxs,
});

/** A transcript's name: it keeps its width while the date beside it has room to give (narrow panels). */
export const transcriptName = style({ flexGrow: 0 });

/**
 * A transcript's date and duration after its name, quieter and right-aligned. In a narrow panel it gives
 * way first (its shrink weight dwarfs the name's) and is cut; the full date stays in its tooltip.
 */
export const meta = style({
  flex: '1 100000 auto',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  textAlign: 'end',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  paddingInlineStart: vars.space.xxs,
});

export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
});

export const errorIcon = style({ display: 'inline-flex', color: vars.color.danger });

/** The "Actions for …" menu button: shown on hover and on keyboard focus (always on touch screens). */
export const actions = style({
  display: 'inline-flex',
  flexShrink: 0,
  opacity: 0,
  selectors: {
    [`${row}[data-hovered] &, ${row}[data-focus-visible] &, ${row}:focus-within &`]: { opacity: 1 },
    '&:has([aria-expanded="true"])': { opacity: 1 },
  },
  '@media': { '(hover: none)': { opacity: 1 } },
});

globalStyle(`${actions} button`, { width: 24, height: 24 });

export const skeleton = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
});

export const skeletonRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

/**
 * A cut name shown whole while its row is hovered or has the keyboard focus: a box under the name
 * (hidden from screen readers, which read the row's full name already).
 */
export const fullName = style({
  display: 'none',
  position: 'absolute',
  insetInlineStart: 'calc((var(--tree-item-level, 1) - 1) * 16px + 40px)',
  top: '100%',
  zIndex: 10,
  maxWidth: 320,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  fontWeight: vars.fontWeight.regular,
  pointerEvents: 'none',
  selectors: {
    [`${row}[data-hovered] &[data-truncated], ${row}[data-focus-visible] &[data-truncated]`]: { display: 'block' },
    '&::after': { content: 'attr(data-full-name)' },
  },
});
globalStyle(`${row}[data-hovered], ${row}[data-focus-visible]`, { zIndex: 5 });
