// The import of every page chunk, in one place: the router renders them lazily, and the start-up code
// starts the chunks of the page being opened at once, in parallel with the catalogs and the session
// check, instead of one after another as each lazy boundary renders (a waterfall of round trips).
export const routeChunks = {
  appLayout: () => import('./layouts/AppLayout.tsx'),
  login: () => import('./pages/LoginPage.tsx'),
  register: () => import('./pages/RegisterPage.tsx'),
  contact: () => import('./pages/ContactPage.tsx'),
  terms: () => import('./pages/TermsPage.tsx'),
  privacy: () => import('./pages/PrivacyPage.tsx'),
  notFound: () => import('./pages/NotFoundPage.tsx'),
  workspace: () => import('./pages/WorkspacePage.tsx'),
  settings: () => import('./pages/SettingsPage.tsx'),
  help: () => import('./pages/HelpPage.tsx'),
  credits: () => import('./pages/CreditsPage.tsx'),
  share: () => import('./pages/SharePage.tsx'),
} as const;

type ChunkName = keyof typeof routeChunks;

const signedIn: Record<string, ChunkName> = { '/': 'workspace', '/settings': 'settings', '/help': 'help', '/credits': 'credits' };
const publicPages: Record<string, ChunkName> = {
  '/login': 'login',
  '/register': 'register',
  '/contact': 'contact',
  '/terms': 'terms',
  '/privacy-policy': 'privacy',
};

/** The chunks the page at `pathname` renders first (a signed-in page also needs the app shell). */
export function chunksFor(pathname: string): ChunkName[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = signedIn[path];
  if (page) return ['appLayout', page];
  // A share link's public page: no sign-in, no app shell.
  if (/^\/s\/[^/]+$/.test(path)) return ['share'];
  return [publicPages[path] ?? 'notFound'];
}

/** Starts downloading the chunks of `pathname`; a failure is left to the lazy boundary that renders it. */
export function preloadRoute(pathname: string): void {
  for (const name of chunksFor(pathname)) void routeChunks[name]().catch(() => undefined);
}
