import { Trans, useLingui } from '@lingui/react/macro';
import { Heading, Link, Text } from '@scribe/ui';
import { Brand } from '../components/Brand.tsx';
import { useDocumentTitle } from '../layouts/useDocumentTitle.ts';
import * as styles from './pages.css.ts';

/** Any unknown path, signed in or not (docs/product-spec.md §2). */
export default function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`404 Page Not Found`);
  return (
    <div className={styles.notFoundPage}>
      <header>
        <Brand />
      </header>
      <main id="main" tabIndex={-1} className={styles.notFoundMain}>
        <Heading level={1}>
          <Trans>404 Page Not Found</Trans>
        </Heading>
        <Text tone="muted">
          <Trans>The page you are looking for does not exist or has been moved.</Trans>
        </Text>
        <Link href="/">
          <Trans>Go to the home page</Trans>
        </Link>
      </main>
    </div>
  );
}
