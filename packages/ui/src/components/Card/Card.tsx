import type { ReactNode } from 'react';
import type { SpaceToken } from '../../theme/contract.css.ts';
import * as styles from './Card.css.ts';

export interface CardProps {
  children: ReactNode;
  /** Inner padding (space token); default xl. */
  padding?: SpaceToken | 'none';
  as?: 'div' | 'section' | 'article' | 'aside';
  /** Names a section/article landmark. */
  'aria-labelledby'?: string;
}

export function Card({ children, padding = 'xl', as: Element = 'div', 'aria-labelledby': labelledBy }: CardProps) {
  return (
    <Element aria-labelledby={labelledBy} className={`${styles.card} ${styles.padding[padding]}`}>
      {children}
    </Element>
  );
}
