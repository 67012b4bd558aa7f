import { Trans } from '@lingui/react/macro';
import { Text } from '@scribe/ui';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import * as styles from './guards.css.ts';
import { returnPath, type ReturnState } from './returnPath.ts';
import { useSession } from './SessionProvider.tsx';

/** Spec §2: a loading text while the session is being determined. */
export function SessionLoading() {
  return (
    <div className={styles.loading} role="status">
      <Text tone="muted">
        <Trans>Loading...</Trans>
      </Text>
    </div>
  );
}

/** Protected routes: loading text, else /login (remembering the target), else the page. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, lastChange } = useSession();
  const location = useLocation();
  if (user === undefined) return <SessionLoading />;
  if (user === null) {
    // After Sign out the user goes to /login plainly; otherwise remember the page they wanted.
    const state: ReturnState | undefined =
      lastChange === 'logout' ? undefined : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}

/** /login and /register: signed-in users go to / (or back to where they were heading before sign-in). */
export function PublicOnly({ children }: { children?: ReactNode }) {
  const { user, lastChange } = useSession();
  const location = useLocation();
  if (user === undefined) return <SessionLoading />;
  if (user) {
    // Spec §4: registration always lands on /.
    const target = lastChange === 'register' ? '/' : (returnPath(location.state) ?? '/');
    return <Navigate to={target} replace />;
  }
  return children ?? <Outlet />;
}
