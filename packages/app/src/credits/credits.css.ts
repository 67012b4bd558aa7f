import { style } from '@vanilla-extract/css';
import { media, vars } from '@scribe/ui/theme';

export const flow = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });

export const balance = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
});

export const balanceValue = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold });

/** Spec §9: packages in 3 columns (one column on small screens). */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.lg,
  '@media': { [media.mobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const packageCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  height: '100%',
});

export const credits = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 });

export const price = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const perCredit = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const cardAction = style({ marginTop: 'auto', paddingTop: vars.space.md });

export const paymentHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});

export const cardRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.md,
});

export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end', flexWrap: 'wrap' });

export const testCards = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const mono = style({ fontFamily: vars.font.mono });
