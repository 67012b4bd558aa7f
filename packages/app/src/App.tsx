import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { ToastProvider } from '@scribe/ui';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { api } from './api.ts';
import { LanguageProvider } from './i18n/LanguageProvider.tsx';
import { AppRoutes } from './router.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';

/** Spec §9: cached data is never stale, no interval or focus refetch, no retries by default. */
export const swrConfig: SWRConfiguration = {
  fetcher: (path: string) => api.read(path),
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
  onError: (error: unknown, key: string) => console.error('Query error', key, error),
};

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={swrConfig}>
        <SessionProvider>
          <LanguageProvider>
            <ToastProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </ToastProvider>
          </LanguageProvider>
        </SessionProvider>
      </SWRConfig>
    </I18nProvider>
  );
}
