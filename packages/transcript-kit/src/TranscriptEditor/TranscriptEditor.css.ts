import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';
import { textButton } from '../styles/controls.css.ts';

const reset = textButton;

/*
 * The editor's lists contain their layout and paint: an edit re-lays out the list, not the page around it
 * (and the text sits on the pixel grid as it did in the editor's former off-screen chunks).
 */
export const cards = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, contain: 'layout paint' });

export const plainParagraphs = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, contain: 'layout paint' });

/** A detailed-view card of the editor: speaker, time, review mark and text, each its own control. */
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderInlineStartWidth: 4,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  selectors: {
    // Not colour alone: the playing card also gets the 'Playing' tag.
    '&[data-current]': { background: vars.color.accentSoft, borderColor: vars.color.accent },
    // Marked for review: a warning edge next to the mark's icon and words.
    '&[data-review]': { borderInlineStartColor: vars.color.warning },
  },
});

/** The segment's text: a click plays from it, a double-click or Enter edits it. */
export const text = style([
  reset,
  {
    display: 'block',
    width: '100%',
    lineHeight: 1.6,
    padding: '1px 2px',
    margin: '-1px -2px',
    cursor: 'pointer',
    selectors: { '&:hover': { background: vars.color.surfaceSunken } },
  },
]);

export const inlineText = style([
  reset,
  {
    display: 'inline',
    padding: '1px 0',
    cursor: 'pointer',
    boxDecorationBreak: 'clone',
    WebkitBoxDecorationBreak: 'clone',
    selectors: {
      '&:hover': { background: vars.color.surfaceSunken },
      '&[aria-current]': {
        background: vars.color.accentSoft,
        textDecoration: `underline 2px ${vars.color.accent}`,
        textUnderlineOffset: 4,
      },
      // Flagged text in the plain view: a dotted underline next to the flag icon.
      '&[data-review]': { textDecoration: `underline dotted 2px ${vars.color.warning}`, textUnderlineOffset: 4 },
    },
  },
]);

/** The edit field: as tall as its text (the text grows it, no inner scrollbar). */
export const textArea = style({
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  fieldSizing: 'content',
  minHeight: '2.4em',
  resize: 'none',
  font: 'inherit',
  lineHeight: 1.6,
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.accent}`,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});

export const inlineEdit = style({ display: 'block', margin: `${vars.space.xxs} 0` });

export const editHint = style({ margin: `${vars.space.xxs} 0 0`, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const editError = style({ margin: `${vars.space.xxs} 0 0`, fontSize: vars.fontSize.xs, color: vars.color.dangerText });

/** Added to a speaker badge (which brings its colours, size and padding): only what a button needs. */
export const speakerButton = style({
  appearance: 'none',
  fontFamily: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});

export const timeButton = style([
  reset,
  {
    fontFamily: vars.font.mono,
    fontVariantNumeric: 'tabular-nums',
    fontSize: vars.fontSize.xs,
    color: vars.color.textMuted,
    padding: `0 ${vars.space.xxs}`,
    selectors: { '&:hover': { color: vars.color.text, background: vars.color.surfaceSunken } },
  },
]);

export const reviewMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const reviewIcon = style({ color: vars.color.warning, display: 'inline-flex' });

export const reviewedTag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const smallButton = style([
  reset,
  {
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    padding: `0 ${vars.space.xs}`,
    lineHeight: 1.8,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.full,
    background: vars.color.surface,
    selectors: { '&:hover': { background: vars.color.surfaceSunken } },
  },
]);

export const plainSpeaker = style({ fontWeight: vars.fontWeight.semibold, marginInlineEnd: vars.space.xxs });

export const flagIcon = style({ display: 'inline-flex', verticalAlign: 'middle', color: vars.color.warning, marginInlineEnd: 2 });

/** Under the header: the review count, 'Next to review', and the save status. */
export const bar = style([
  sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 'sm' }),
  {
    padding: `${vars.space.xs} ${vars.space.md}`,
    borderBottom: `1px solid ${vars.color.border}`,
    fontSize: vars.fontSize.sm,
    minHeight: 36,
  },
]);

export const reviewCount = style({ fontWeight: vars.fontWeight.medium });

export const status = style([
  sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 'xs' }),
  { marginInlineStart: 'auto', color: vars.color.textMuted },
]);

export const statusConflict = style({ color: vars.color.dangerText, fontWeight: vars.fontWeight.medium });

export const popover = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  outline: 'none',
  width: 'min(20rem, calc(100vw - 2rem))',
});

export const popoverDialog = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm' }),
  { padding: vars.space.md, outline: 'none' },
]);

export const popoverHeading = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const popoverSection = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xs' });

export const popoverRow = sprinkles({ display: 'flex', alignItems: 'flex-end', gap: 'xs' });

export const speakerChoices = sprinkles({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 'xs',
  margin: 'none',
  padding: 'none',
  listStyle: 'none',
});

export const shortcutTable = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const shortcutCell = style({
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
});

export const shortcutCaption = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.semibold,
  padding: `${vars.space.sm} 0 ${vars.space.xxs}`,
});

/** The '?' button: hidden where the main pointer is a finger (pointer: coarse), which has no keys to list. */
export const shortcutsButton = style({
  display: 'inline-flex',
  '@media': { '(pointer: coarse)': { display: 'none' } },
});
