import type { ReactNode } from 'react';
import { visuallyHidden } from '../../styles/utils.css.ts';

/**
 * Text for assistive tech only (e.g. a heading a sighted user infers from layout). With
 * role="status" it is a polite live region that announces what a sighted user sees change.
 */
export function VisuallyHidden({
  children,
  as: Element = 'span',
  role,
}: {
  children: ReactNode;
  as?: 'span' | 'div' | 'h1' | 'h2';
  role?: 'status';
}) {
  return (
    <Element className={visuallyHidden} role={role}>
      {children}
    </Element>
  );
}
