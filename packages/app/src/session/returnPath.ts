/** What RequireAuth stores in the /login location's state: the page a signed-out visitor wanted. */
export interface ReturnState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where sign-in should return to, or null (then it goes to /). Never back to the sign-in pages. */
export function returnPath(state: unknown): string | null {
  const from = (state as ReturnState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return null;
  // '//host' would leave the site.
  if (from.pathname.startsWith('//')) return null;
  if (from.pathname === '/login' || from.pathname === '/register') return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
