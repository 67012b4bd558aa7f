// The transcript's rows in either view and mode (rows.tsx): the list, a card, running text, the marks
// and controls of a row. One definition for the viewer and the editor.
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';
import { textButton } from '../styles/controls.css.ts';

const reset = textButton;

/*
 * The lists contain their layout and paint: an edit re-lays out the list, not the page around it
 * (and the text sits on the pixel grid as it did in the editor's former off-screen chunks).
 */
/*
 * The editor's lists contain their layout and paint: an edit re-lays out the list, not the page around it
 * (and the text sits on the pixel grid as it did in the editor's former off-screen chunks).
 */
export const cards = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, contain: 'layout paint' });

export const plainParagraphs = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, contain: 'layout paint' });

/** Plain view: a paragraph of running text (a div: an edit field inside is block content). */
export const plain = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: 1.75,
  maxWidth: '72ch',
});

export const cardMeta = style([
  sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 'sm' }),
  { fontSize: vars.fontSize.sm, color: vars.color.textMuted },
]);

export const playingTag = style({
  marginInlineStart: 'auto',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.accentText,
  background: vars.color.accent,
  borderRadius: vars.radius.full,
  padding: `0 ${vars.space.xs}`,
});

/** Eight speaker colours (docs/product-spec.md §9), each a tinted badge with a solid dot; text keeps the theme's colour. */
const speakerHues = ['#2563eb', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#0891b2', '#dc2626', '#65a30d'];

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  lineHeight: 1.8,
  border: '1px solid transparent',
  selectors: {
    '&::before': { content: '""', width: 8, height: 8, borderRadius: '50%', background: 'currentColor' },
  },
});

export const speakerBadge = styleVariants(Object.fromEntries(speakerHues.map((hue, i) => [i, hue])) as Record<number, string>, (hue) => [
  badgeBase,
  {
    background: `color-mix(in srgb, ${hue} 14%, ${vars.color.surfaceRaised})`,
    borderColor: `color-mix(in srgb, ${hue} 45%, transparent)`,
    selectors: { '&::before': { background: hue } },
  },
]);

/** A detailed-view card: speaker, time, (editing) review mark, and text, each its own control. */
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

/** The segment's text: a click plays from it; in the editor a double-click or Enter edits it. */
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

export const inlineEdit = style({ display: 'block', margin: `${vars.space.xxs} 0` });

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

export const plainSpeaker = style({ fontWeight: vars.fontWeight.semibold });

export const flagIcon = style({ display: 'inline-flex', verticalAlign: 'middle', color: vars.color.warning, marginInlineEnd: 2 });
