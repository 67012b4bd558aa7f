import { style } from '@vanilla-extract/css';
import { media, vars } from '@scribe/ui/theme';

export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space.sm });

export const centred = style({ display: 'flex', justifyContent: 'center', padding: vars.space.xl });

/** History: the revisions beside the chosen one's text (stacked on a phone). */
export const history = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(180px, 1fr) 2fr',
  gap: vars.space.md,
  minHeight: 320,
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr' } },
});

export const revisionList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  maxHeight: 420,
  overflowY: 'auto',
  padding: vars.space.xxs,
  outline: 'none',
});

export const revisionItem = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceSunken },
    '&[data-selected]': { background: vars.color.accentSoft, borderColor: vars.color.accent },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
  },
});

export const revisionName = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm });
export const revisionChanges = style({ fontSize: vars.fontSize.sm, color: vars.color.text });
export const revisionDate = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const preview = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const previewBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const previewHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
export const previewText = style({
  listStyle: 'none',
  margin: 0,
  padding: vars.space.sm,
  maxHeight: 380,
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});
export const previewSegment = style({ display: 'flex', gap: vars.space.sm });
export const previewTime = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums', flexShrink: 0 });
export const previewSpeaker = style({ fontWeight: vars.fontWeight.medium, flexShrink: 0 });

/** The subtitle options' fields, two a row where there is room. */
export const optionGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.md,
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr' } },
});
