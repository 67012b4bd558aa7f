import type { ReactNode } from 'react';
import { Link as RACLink } from 'react-aria-components';
import * as styles from './Link.css.ts';

export interface LinkProps {
  href: string;
  children: ReactNode;
  /** inline: underlined text link; nav: navigation item with a current-page style. */
  variant?: 'inline' | 'nav';
  target?: '_blank' | '_self';
  /** Marks the link as the current page (aria-current="page"); styled in the nav variant. */
  isCurrent?: boolean;
  'aria-current'?: 'page' | 'location' | 'true' | boolean;
}

/** RAC Link: inside RAC's RouterProvider it navigates client-side. */
export function Link({ href, children, variant = 'inline', target, isCurrent, 'aria-current': ariaCurrent }: LinkProps) {
  const current = ariaCurrent ?? (isCurrent ? 'page' : undefined);
  return (
    <RACLink
      href={href}
      target={target}
      rel={target === '_blank' ? 'noopener noreferrer' : undefined}
      aria-current={current}
      className={styles.link[variant]}
    >
      {children}
    </RACLink>
  );
}
