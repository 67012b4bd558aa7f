import * as styles from './Button.css.ts';

export interface ButtonClassOptions {
  variant: keyof typeof styles.variant;
  size: keyof typeof styles.size;
  fullWidth?: boolean;
  iconOnly?: boolean;
}

/** Class list for a RAC Button with the given look (shared by Button and IconButton). */
export function buttonClass(o: ButtonClassOptions): string {
  return [
    styles.base,
    styles.variant[o.variant],
    styles.size[o.size],
    o.fullWidth ? styles.fullWidth : '',
    o.iconOnly ? styles.iconOnly : '',
  ]
    .filter(Boolean)
    .join(' ');
}
