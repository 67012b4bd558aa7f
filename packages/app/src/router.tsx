import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RootLayout } from './layouts/RootLayout.tsx';
import { routeChunks } from './routeChunks.ts';
import { PublicOnly, RequireAuth } from './session/guards.tsx';

// Every page is its own chunk, and so is the signed-in shell (header, account menu): /login downloads
// only the sign-in code. Declarative routes (no data router): nothing here uses loaders, and the
// data router would add about 17 KB gzip to every page.
const AppLayout = lazy(routeChunks.appLayout);
const LoginPage = lazy(routeChunks.login);
const RegisterPage = lazy(routeChunks.register);
const ContactPage = lazy(routeChunks.contact);
const TermsPage = lazy(routeChunks.terms);
const PrivacyPage = lazy(routeChunks.privacy);
const NotFoundPage = lazy(routeChunks.notFound);
const WorkspacePage = lazy(routeChunks.workspace);
const SettingsPage = lazy(routeChunks.settings);
const HelpPage = lazy(routeChunks.help);
const CreditsPage = lazy(routeChunks.credits);
const SharePage = lazy(routeChunks.share);

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
        {/* A share link: public for everyone, signed in or not (no redirect to the workspace). */}
        <Route path="/s/:token" element={<SharePage />} />
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
