import type { ReactNode } from 'react';
import { visuallyHidden } from '../../styles/utils.css.ts';

/** Text for assistive tech only (e.g. a heading a sighted user infers from layout). */
export function VisuallyHidden({ children, as: Element = 'span' }: { children: ReactNode; as?: 'span' | 'div' | 'h1' | 'h2' }) {
  return <Element className={visuallyHidden}>{children}</Element>;
}
