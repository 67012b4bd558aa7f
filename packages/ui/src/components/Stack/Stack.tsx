import type { ReactNode } from 'react';
import type { SpaceToken } from '../../theme/contract.css.ts';
import * as styles from './Stack.css.ts';

export interface StackProps {
  gap?: SpaceToken | 'none';
  direction?: 'row' | 'column';
  align?: 'start' | 'center' | 'end' | 'stretch' | 'baseline';
  justify?: 'start' | 'center' | 'end' | 'between';
  wrap?: boolean;
  as?: 'div' | 'ul' | 'ol' | 'nav' | 'section' | 'header' | 'footer' | 'main';
  children: ReactNode;
}

/** Flex layout with token gaps: the only way components and pages space things out. */
export function Stack({ gap = 'md', direction = 'column', align, justify, wrap, as: Element = 'div', children }: StackProps) {
  const classes = [
    styles.stack,
    styles.gap[gap],
    styles.direction[direction],
    align ? styles.align[align] : '',
    justify ? styles.justify[justify] : '',
    wrap ? styles.wrap : '',
  ];
  return <Element className={classes.filter(Boolean).join(' ')}>{children}</Element>;
}
