import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const card = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});

export const padding = styleVariants({
  none: { padding: 0 },
  ...(Object.fromEntries((['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const).map((k) => [k, { padding: vars.space[k] }])) as Record<
    keyof typeof vars.space,
    { padding: string }
  >),
});
