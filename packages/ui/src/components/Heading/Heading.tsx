import type { ReactNode } from 'react';
import * as styles from './Heading.css.ts';

export interface HeadingProps {
  level: 1 | 2 | 3 | 4;
  children: ReactNode;
  id?: string;
}

export function Heading({ level, children, id }: HeadingProps) {
  const Element = `h${level}` as const;
  return (
    <Element id={id} className={styles.heading[level]}>
      {children}
    </Element>
  );
}
