import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const player = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xs', minWidth: 0 }),
  {
    padding: `${vars.space.sm} ${vars.space.md}`,
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    color: vars.color.text,
  },
]);

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const controls = sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm', minWidth: 0 });

export const buttons = sprinkles({ display: 'flex', alignItems: 'center', gap: 'xxs', flexShrink: 0 });

export const time = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
  flexShrink: 0,
  minWidth: '3.5ch',
  textAlign: 'center',
});

export const slider = style([sprinkles({ flex: '1', display: 'flex', alignItems: 'center' }), { minWidth: 80 }]);

export const track = style({
  position: 'relative',
  width: '100%',
  height: 24,
  cursor: 'pointer',
  selectors: {
    // The visible rail: thin, centred in a taller hit area.
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      top: '50%',
      height: 4,
      transform: 'translateY(-50%)',
      borderRadius: vars.radius.full,
      background: vars.color.borderStrong,
    },
    '&[data-disabled]': { cursor: 'default', opacity: 0.5 },
  },
});

export const fill = style({
  position: 'absolute',
  insetInlineStart: 0,
  top: '50%',
  height: 4,
  transform: 'translateY(-50%)',
  borderRadius: vars.radius.full,
  background: vars.color.accent,
});

export const thumb = style({
  top: '50%',
  width: 14,
  height: 14,
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  border: `2px solid ${vars.color.surface}`,
  boxShadow: vars.shadow.sm,
  transition: `transform ${vars.motion.fast}`,
  selectors: {
    '&[data-dragging]': { transform: 'translate(-50%, -50%) scale(1.15)' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const empty = style({
  margin: 0,
  padding: `${vars.space.sm} 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const hiddenAudio = style({ display: 'none' });

/** The picture, as wide as the player, never taller than a third of the screen, letterboxed. */
export const video = style({
  display: 'block',
  width: '100%',
  maxHeight: '33vh',
  aspectRatio: '16 / 9',
  objectFit: 'contain',
  background: '#000',
  borderRadius: vars.radius.md,
});
