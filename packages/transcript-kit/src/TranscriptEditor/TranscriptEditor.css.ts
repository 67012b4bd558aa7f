import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

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

export const editHint = style({ margin: `${vars.space.xxs} 0 0`, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const editError = style({ margin: `${vars.space.xxs} 0 0`, fontSize: vars.fontSize.xs, color: vars.color.dangerText });

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
