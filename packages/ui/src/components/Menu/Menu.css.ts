import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const popIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const popover = style({
  minWidth: 200,
  maxWidth: 320,
  padding: vars.space.xs,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  overflow: 'auto',
  selectors: {
    '&[data-entering]': { animation: `${popIn} ${vars.motion.fast} ease-out` },
  },
});

export const menu = style({ outline: 'none', display: 'flex', flexDirection: 'column' });

export const item = style({
  display: 'grid',
  gridTemplateColumns: '16px 1fr auto',
  gridTemplateAreas: '"check label end" ". desc end"',
  alignItems: 'center',
  columnGap: vars.space.sm,
  paddingBlock: 6,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'default',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.surfaceSunken },
    '&[data-open]': { background: vars.color.surfaceSunken },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    '&[data-disabled]': { color: vars.color.textMuted, opacity: 0.6 },
  },
});

export const checkSlot = style({
  gridArea: 'check',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.accent,
});

export const label = style({ gridArea: 'label', minWidth: 0 });

export const itemDescription = style({
  gridArea: 'desc',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const end = style({
  gridArea: 'end',
  display: 'flex',
  alignItems: 'center',
  color: vars.color.textMuted,
});

export const svgIcon = style({
  width: 14,
  height: 14,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});

export const section = style({ display: 'flex', flexDirection: 'column' });

export const sectionTitle = style({
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const separator = style({
  height: 1,
  marginBlock: vars.space.xs,
  marginInline: `calc(${vars.space.xs} * -1)`,
  background: vars.color.border,
  border: 'none',
});
