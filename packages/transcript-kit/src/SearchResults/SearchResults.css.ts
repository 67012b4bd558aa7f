import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const list = style({ display: 'flex', flexDirection: 'column', outline: 'none', padding: vars.space.xxs });

export const section = style({ display: 'flex', flexDirection: 'column', selectors: { '& + &': { marginTop: vars.space.xs } } });

export const sectionTitle = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const item = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  paddingInlineStart: vars.space.lg,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceSunken },
    // Not colour alone: the focused hit also gets an edge.
    '&[data-focused]': { background: vars.color.accentSoft, boxShadow: `inset 3px 0 0 ${vars.color.accent}` },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: -2 },
  },
});

export const kind = style({
  flex: 'none',
  minWidth: '4.5em',
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.xs,
});

export const snippet = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere', lineHeight: vars.lineHeight.normal });

globalStyle(`${snippet} mark`, {
  background: vars.color.warningSoft,
  color: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  borderRadius: 2,
  padding: '0 1px',
});

export const message = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm', flexWrap: 'wrap' }),
  { padding: `${vars.space.sm} ${vars.space.md}`, color: vars.color.textMuted },
]);

export const errorText = style({ color: vars.color.dangerText });

/** The field with its results under it (header on desktop: the results float over the page). */
export const search = style({ position: 'relative', display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

export const field = style({ display: 'flex', alignItems: 'center', position: 'relative', minWidth: 0 });

export const input = style({
  width: '100%',
  minWidth: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  paddingInlineEnd: '2rem',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  outline: 'none',
  selectors: {
    '&[data-focused]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
    '&::-webkit-search-cancel-button': { display: 'none' },
  },
});

export const clear = style({
  position: 'absolute',
  insetInlineEnd: 4,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 24,
  height: 24,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
    '&[data-hovered]': { color: vars.color.text },
  },
});

export const panel = style({
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  maxHeight: '60vh',
  overflowY: 'auto',
});

export const floating = style({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  insetInlineStart: 0,
  width: 'min(32rem, 90vw)',
  boxShadow: vars.shadow.lg,
  zIndex: 140,
});

/** The speaker choice above the results: label and select on one line, the select as wide as its names. */
export const filter = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const filterSelect = style({ width: 'auto', minWidth: 0, maxWidth: '100%', flex: '0 1 auto', fontSize: vars.fontSize.sm });
