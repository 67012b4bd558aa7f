import { Trans } from '@lingui/react/macro';
import { Suspense } from 'react';
import { RouterProvider } from 'react-aria-components';
import { Outlet, useHref, useNavigate, type NavigateOptions } from 'react-router-dom';
import { RouteLoading } from './RouteLoading.tsx';
import * as styles from './layouts.css.ts';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Wires react-aria links and menu items to react-router, so they navigate without a page load. */
export function RootLayout() {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <a href="#main" className={styles.skipLink}>
        <Trans>Skip to main content</Trans>
      </a>
      <Suspense fallback={<RouteLoading />}>
        <Outlet />
      </Suspense>
    </RouterProvider>
  );
}
