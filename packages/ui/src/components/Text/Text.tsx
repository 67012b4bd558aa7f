import type { ReactNode } from 'react';
import type { FontSizeToken } from '../../theme/contract.css.ts';
import * as styles from './Text.css.ts';

export interface TextProps {
  size?: FontSizeToken;
  tone?: 'default' | 'muted' | 'danger';
  weight?: 'regular' | 'medium' | 'semibold' | 'bold';
  as?: 'p' | 'span' | 'div' | 'strong' | 'small';
  children: ReactNode;
  id?: string;
}

export function Text({ size = 'md', tone = 'default', weight = 'regular', as: Element = 'p', children, id }: TextProps) {
  return (
    <Element id={id} className={`${styles.text} ${styles.size[size]} ${styles.tone[tone]} ${styles.weight[weight]}`}>
      {children}
    </Element>
  );
}
