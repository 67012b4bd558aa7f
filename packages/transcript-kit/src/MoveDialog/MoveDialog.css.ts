import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const group = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'sm', minWidth: 0 });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  maxHeight: 'min(50dvh, 360px)',
  overflowY: 'auto',
  padding: vars.space.xxs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 40,
  paddingBlock: vars.space.xxs,
  paddingInlineEnd: vars.space.sm,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]:not([data-disabled])': { background: vars.color.surfaceSunken },
    '&[data-selected]': { background: vars.color.accentSoft },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: -2 },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

export const radioMark = style({
  flex: '0 0 auto',
  width: 16,
  height: 16,
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  selectors: {
    [`${option}[data-selected] &`]: { borderColor: vars.color.accent, borderWidth: 5 },
    [`${option}[data-disabled] &`]: { opacity: 0.5 },
  },
});

export const icon = style({ display: 'inline-flex', flex: '0 0 auto', color: vars.color.textMuted });

export const name = style({ flex: '1 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const reason = style({ flex: '0 1 auto', fontSize: vars.fontSize.xs, color: vars.color.textMuted, textAlign: 'end' });

export const actions = sprinkles({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 'sm' });
