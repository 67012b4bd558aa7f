import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const body = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md' }), { outline: 'none' }]);

export const actions = sprinkles({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 'sm' });

export const recording = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm' }),
  { fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold },
]);

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.35 } });

export const dot = style({
  width: 12,
  height: 12,
  borderRadius: '50%',
  background: vars.color.danger,
  animation: `${pulse} 1.2s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const elapsed = style({
  fontFamily: vars.font.mono,
  fontVariantNumeric: 'tabular-nums',
});

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const heading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const dotPaused = style({ width: 12, height: 12, borderRadius: '50%', background: vars.color.textMuted });

export const live = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm' })]);

export const draft = style({
  maxHeight: 200,
  overflowY: 'auto',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
});

export const draftText = style({ margin: 0, lineHeight: 1.5, whiteSpace: 'pre-wrap' });

/**
 * The newest words that may still change: lighter, italic and dotted-underlined, so it does not rely on
 * colour alone. The line is a bottom border, not a text decoration: Chromium left a decoration's old
 * paint under words that had just settled (StreamingDraftsArriving's screenshot shows it).
 */
export const provisional = style({
  color: vars.color.textMuted,
  fontStyle: 'italic',
  borderBottom: `1px dotted ${vars.color.textMuted}`,
});
