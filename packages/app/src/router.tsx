import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RootLayout } from './layouts/RootLayout.tsx';
import { PublicOnly, RequireAuth } from './session/guards.tsx';

// Every page is its own chunk, and so is the signed-in shell (header, account menu): /login downloads
// only the sign-in code. Declarative routes (no data router): nothing here uses loaders, and the
// data router would add about 17 KB gzip to every page.
const AppLayout = lazy(() => import('./layouts/AppLayout.tsx'));
const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const RegisterPage = lazy(() => import('./pages/RegisterPage.tsx'));
const ContactPage = lazy(() => import('./pages/ContactPage.tsx'));
const TermsPage = lazy(() => import('./pages/TermsPage.tsx'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
const WorkspacePage = lazy(() => import('./pages/WorkspacePage.tsx'));
const SettingsPage = lazy(() => import('./pages/SettingsPage.tsx'));
const HelpPage = lazy(() => import('./pages/HelpPage.tsx'));
const CreditsPage = lazy(() => import('./pages/CreditsPage.tsx'));

/** Spec §2: public, public-only (sign-in) and protected routes, and the 404 page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
        </Route>
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy-policy" element={<PrivacyPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            <Route path="/" element={<WorkspacePage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/help" element={<HelpPage />} />
            <Route path="/credits" element={<CreditsPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
