import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const flow = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xl' });

export const balance = style([sprinkles({ display: 'flex', alignItems: 'baseline', gap: 'sm' }), { fontSize: vars.fontSize.lg }]);

export const balanceValue = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold });

/** Spec §9: packages in 3 columns (one column on small screens). */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.lg,
  '@media': { [media.mobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const packageCard = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm', height: 'full' });

export const credits = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 });

export const price = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const perCredit = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const cardAction = style({ marginTop: 'auto', paddingTop: vars.space.md });

export const paymentHead = sprinkles({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 'md',
  flexWrap: 'wrap',
});

export const cardRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.md,
});

export const actions = sprinkles({ display: 'flex', gap: 'sm', justifyContent: 'flex-end', flexWrap: 'wrap' });

export const testCards = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const mono = style({ fontFamily: vars.font.mono });

/** The credit history: scrolls sideways on a phone (focusable, so keyboard users can scroll it too). */
export const historyScroll = style({ overflowX: 'auto', maxWidth: '100%' });

export const historyTable = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

globalStyle(`${historyTable} th, ${historyTable} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** A history row's date: the day over the time, each on one line. */
export const when = style({ display: 'flex', flexDirection: 'column', whiteSpace: 'nowrap' });

export const number = style({ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

globalStyle(`${historyTable} th.${number}, ${historyTable} td.${number}`, { textAlign: 'right' });

export const receipt = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.textMuted,
});

globalStyle(`${receipt} dd`, { margin: 0, overflowWrap: 'anywhere' });
