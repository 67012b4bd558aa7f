import { Card, Heading, Text } from '@scribe/ui';
import type { ReactNode } from 'react';
import { Brand } from '../components/Brand.tsx';
import { PublicFooter } from './PublicFooter.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';
import * as styles from './layouts.css.ts';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** Sign-in and registration: the product name above one centred card. */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.authPage}>
      <header className={styles.authHeader}>
        <Brand />
      </header>
      <main id="main" tabIndex={-1} className={styles.authMain}>
        <Card as="section" aria-labelledby="auth-title">
          <div className={styles.authCardHead}>
            <Heading level={1} id="auth-title">
              {title}
            </Heading>
            {description ? <Text tone="muted">{description}</Text> : null}
          </div>
          {children}
        </Card>
      </main>
      <PublicFooter />
    </div>
  );
}
