import { useLingui } from '@lingui/react/macro';
import { Link } from '@scribe/ui';
import { media } from '@scribe/ui/theme';
import { Outlet, useLocation } from 'react-router-dom';
import { Brand } from '../components/Brand.tsx';
import { AccountMenu } from '../header/AccountMenu.tsx';
import * as styles from '../header/header.css.ts';
import { useMediaQuery } from './useMediaQuery.ts';

/** Signed-in pages: the header of spec §2 above the page. Below 768 px a compact top bar. */
export default function AppLayout() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(media.mobile);
  return (
    <div className={styles.appShell}>
      <header className={styles.header}>
        <div className={styles.headerStart}>
          <Brand compact />
          {isMobile ? null : (
            <nav aria-label={t`Main`} className={styles.nav}>
              <Link href="/" variant="nav" isCurrent={pathname === '/'}>
                {t`Home`}
              </Link>
              <Link href="/credits" variant="nav" isCurrent={pathname === '/credits'}>
                {t`Credits`}
              </Link>
            </nav>
          )}
        </div>
        <AccountMenu isMobile={isMobile} />
      </header>
      <Outlet />
    </div>
  );
}
