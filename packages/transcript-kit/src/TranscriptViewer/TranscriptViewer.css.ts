import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';
import { oneLineHeading, textButton } from '../styles/controls.css.ts';

export const viewer = style([
  sprinkles({ display: 'flex', flexDirection: 'column', minHeight: 0, height: 'full' }),
  {
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    color: vars.color.text,
    overflow: 'hidden',
  },
]);

export const header = style([
  sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 'sm' }),
  { padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}` },
]);

export const title = style([oneLineHeading, { flex: '1 1 12rem' }]);

export const actions = sprinkles({ display: 'flex', alignItems: 'center', gap: 'xs', flexWrap: 'wrap' });

export const viewToggle = style({
  display: 'inline-flex',
  padding: 2,
  gap: 2,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
});

export const viewOption = style({
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { background: vars.color.surfaceRaised, color: vars.color.text, boxShadow: vars.shadow.sm },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});

/** The scrolling body: the active segment is scrolled into view inside it, never the page. */
export const scroller = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space.md,
});

export const plainParagraphs = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md' });

export const plain = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: 1.75,
  maxWidth: '72ch',
});

export const paragraph = style({
  margin: `0 0 ${vars.space.md}`,
  lineHeight: 1.75,
  maxWidth: '72ch',
  whiteSpace: 'pre-wrap',
});

const segmentBase = style([textButton, { selectors: { '&:hover': { background: vars.color.surfaceSunken } } }]);

/** A segment inside running text: an inline button that reads as text. */
export const inlineSegment = style([
  segmentBase,
  {
    display: 'inline',
    padding: '1px 0',
    whiteSpace: 'normal',
    boxDecorationBreak: 'clone',
    WebkitBoxDecorationBreak: 'clone',
    selectors: {
      // Not colour alone: the playing segment is also underlined.
      '&[aria-current]': {
        background: vars.color.accentSoft,
        textDecoration: `underline 2px ${vars.color.accent}`,
        textUnderlineOffset: 4,
      },
    },
  },
]);

export const cards = sprinkles({ margin: 'none', padding: 'none', display: 'flex', flexDirection: 'column', gap: 'sm', listStyle: 'none' });

export const cardItem = style({
  // Off-screen cards skip layout and paint: 5,000 of them stay cheap.
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 88px',
});

/** A detailed-view card: speaker badge, start and end time, text. */
export const card = style([
  segmentBase,
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xs,
    width: '100%',
    textAlign: 'start',
    padding: `${vars.space.sm} ${vars.space.md}`,
    border: `1px solid ${vars.color.border}`,
    borderInlineStartWidth: 4,
    borderRadius: vars.radius.md,
    background: vars.color.surfaceRaised,
    selectors: {
      // Not colour alone: the playing card gets a thick accent edge and a 'Playing' tag.
      '&[aria-current]': {
        background: vars.color.accentSoft,
        borderColor: vars.color.accent,
      },
    },
  },
]);

export const cardMeta = style([
  sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 'sm' }),
  { fontSize: vars.fontSize.sm, color: vars.color.textMuted },
]);

export const cardTime = style({
  fontFamily: vars.font.mono,
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.xs,
});

export const cardText = style({ display: 'block', lineHeight: 1.6 });

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

export const state = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md', padding: 'lg' }), { maxWidth: '40rem' }]);

export const stateHeading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const stateText = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const empty = style({ margin: 0, color: vars.color.textMuted });

/** The speaker's name where a turn starts in the plain view. */
export const plainSpeaker = style({ fontWeight: vars.fontWeight.semibold });
