import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const stack = style({ display: 'flex', minWidth: 0 });

export const gap = styleVariants({ none: { gap: 0 }, ...styleMap(vars.space) });

function styleMap<T extends Record<string, string>>(space: T) {
  return Object.fromEntries(Object.entries(space).map(([k, v]) => [k, { gap: v }])) as Record<keyof T, { gap: string }>;
}

export const direction = styleVariants({
  row: { flexDirection: 'row' },
  column: { flexDirection: 'column' },
});

export const align = styleVariants({
  start: { alignItems: 'flex-start' },
  center: { alignItems: 'center' },
  end: { alignItems: 'flex-end' },
  stretch: { alignItems: 'stretch' },
  baseline: { alignItems: 'baseline' },
});

export const justify = styleVariants({
  start: { justifyContent: 'flex-start' },
  center: { justifyContent: 'center' },
  end: { justifyContent: 'flex-end' },
  between: { justifyContent: 'space-between' },
});

export const wrap = style({ flexWrap: 'wrap' });
