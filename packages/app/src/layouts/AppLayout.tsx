import { useLingui } from '@lingui/react/macro';
import { Link } from '@scribe/ui';
import { media } from '@scribe/ui/theme';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Brand } from '../components/Brand.tsx';
import { useStripeReturn } from '../credits/useStripeReturn.ts';
import { AccountMenu } from '../header/AccountMenu.tsx';
import { useCreditBalance } from '../data/credits.ts';
import * as styles from '../header/header.css.ts';
import { LiveProvider } from '../live/LiveProvider.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { useTutorial } from '../tutorial/useTutorial.ts';
import { LibrarySearchField } from '../workspace/LibrarySearchField.tsx';
import { UploadProvider } from '../workspace/UploadProvider.tsx';
import { useMediaQuery } from '../lib/useMediaQuery.ts';

// Its own chunk: loaded only when the tutorial is shown.
const TutorialFlow = lazy(() => import('../tutorial/TutorialFlow.tsx'));

/**
 * Signed-in pages: the header of docs/product-spec.md §2 above the page. Below 768 px a compact top bar, except on the
 * workspace, which has its own mobile bar (menu, title, AI features). Uploads (the button and the
 * page-wide drop overlay) work on every signed-in page; drag and drop only on the desktop layout.
 */
export default function AppLayout() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(media.mobile);
  // Stripe payment methods that redirect come back here (to '/' or '/credits').
  useStripeReturn(useCreditBalance());
  const { user } = useSession();
  const tutorial = useTutorial(user?.id);
  return (
    <LiveProvider>
      <UploadProvider allowDrop={!isMobile}>
        <div className={styles.appShell}>
          {isMobile && pathname === '/' ? null : (
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
              {/* On phones the search is in the workspace's left drawer. */}
              {isMobile ? null : (
                <div className={styles.headerSearch}>
                  <LibrarySearchField />
                </div>
              )}
              <AccountMenu isMobile={isMobile} />
            </header>
          )}
          <Outlet />
        </div>
        {tutorial.open && user ? (
          <Suspense fallback={null}>
            <TutorialFlow key={tutorial.run} userId={user.id} />
          </Suspense>
        ) : null}
      </UploadProvider>
    </LiveProvider>
  );
}
