import { style } from '@vanilla-extract/css';
import { vars } from '@scribe/ui/theme';
import { sprinkles } from '@scribe/ui/sprinkles';

export const banner = style([
  sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 'sm' }),
  {
    padding: `${vars.space.xs} ${vars.space.md}`,
    background: vars.color.warningSoft,
    color: vars.color.text,
    border: `1px solid ${vars.color.warning}`,
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.md,
    fontSize: vars.fontSize.sm,
    maxWidth: 'calc(100vw - 32px)',
  },
]);

export const lost = style({
  background: vars.color.dangerSoft,
  borderColor: vars.color.danger,
});

export const fixed = style({
  position: 'fixed',
  insetBlockStart: vars.space.sm,
  insetInlineStart: '50%',
  transform: 'translateX(-50%)',
  zIndex: 160,
});

export const text = style({ fontWeight: vars.fontWeight.medium });
