import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

const regionBase = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm', margin: 'none', padding: 'none', listStyle: 'none' }),
  { width: 'min(340px, calc(100vw - 32px))' },
]);

export const region = styleVariants({
  // Above the toasts' corner (ui's toast region sits at the same edge, one toast tall).
  fixed: [regionBase, { position: 'fixed', insetInlineEnd: vars.space.lg, insetBlockEnd: vars.space.lg, zIndex: 150 }],
  inline: [regionBase],
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  paddingInlineEnd: vars.space.xxl,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
});

export const cardState = styleVariants({
  processing: {},
  completed: { borderColor: vars.color.success },
  error: { borderColor: vars.color.danger, background: vars.color.dangerSoft },
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const line = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xs', margin: 'none' }),
  { fontSize: vars.fontSize.sm },
]);

export const errorText = style({ color: vars.color.dangerText });

export const dismiss = style({
  position: 'absolute',
  insetInlineEnd: vars.space.xs,
  insetBlockStart: vars.space.xs,
});
