import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@scribe/ui';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import * as styles from './layouts.css.ts';

/** Footer of the public pages: the legal links and the language choice. */
export function PublicFooter() {
  const { t } = useLingui();
  return (
    <footer className={styles.publicFooter}>
      <nav aria-label={t`Legal`} className={styles.footerNav}>
        <Link href="/contact">
          <Trans>Contact</Trans>
        </Link>
        <Link href="/terms">
          <Trans>Terms of Service</Trans>
        </Link>
        <Link href="/privacy-policy">
          <Trans>Privacy Policy</Trans>
        </Link>
      </nav>
      <LanguageSwitch />
    </footer>
  );
}
