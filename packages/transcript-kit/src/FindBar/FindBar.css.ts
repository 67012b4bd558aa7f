import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const findBar = style([
  sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 'xs' }),
  {
    padding: `${vars.space.xs} ${vars.space.md}`,
    borderBottom: `1px solid ${vars.color.border}`,
    background: vars.color.surfaceSunken,
    fontSize: vars.fontSize.sm,
  },
]);

export const findInput = style({
  flex: '1 1 12rem',
  minWidth: 0,
  maxWidth: '24rem',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  outline: 'none',
  selectors: {
    '&[data-focus-visible], &:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  },
});

export const findCount = style({ color: vars.color.textMuted, minWidth: '6em', fontVariantNumeric: 'tabular-nums' });

/*
 * Matches are painted with the CSS Custom Highlight API: no row re-renders, so a query over 5,000
 * segments costs one pass over the text nodes. Not colour alone for the current match: the count says
 * which one it is and it is scrolled into view.
 */
globalStyle('::highlight(scribe-find)', { backgroundColor: vars.color.warningSoft, color: vars.color.text });
globalStyle('::highlight(scribe-find-current)', { backgroundColor: vars.color.warning, color: vars.color.text });

export const findField = style({ display: 'contents' });

/** The 'previous' chevron points up. */
export const flip = style({ display: 'inline-flex', transform: 'rotate(180deg)' });
