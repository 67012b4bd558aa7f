import { paths, type User } from '@scribe/api-client';
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../api.ts';

/** What last changed the session: decides where the route guards send the user. */
export type SessionChange = 'login' | 'register' | 'logout' | null;

export interface Session {
  /** undefined while loading, null when signed out, the user when signed in (docs/product-spec.md §4). */
  user: User | null | undefined;
  lastChange: SessionChange;
  /** Login and registration answer with the user: put it in the session without asking again. */
  signedIn: (user: User, via: 'login' | 'register') => void;
  /** Ends the session on the server; throws the ApiError when that fails. */
  signOut: () => Promise<void>;
  /** The server ended this session already (sign out everywhere, account deleted): forget the user. */
  signedOutByServer: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/**
 * GET /api/auth/session: the user, or null when signed out (an answer of 200, so a signed-out page
 * logs no failed request); any failure also counts as signed out.
 */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await api.auth.session();
  } catch (error) {
    console.error('Failed to check authentication status', error);
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { data: user, mutate } = useSWR(paths.me, fetchCurrentUser);
  const { mutate: mutateAll } = useSWRConfig();
  const [lastChange, setLastChange] = useState<SessionChange>(null);

  const signedIn = useCallback(
    (next: User, via: 'login' | 'register') => {
      setLastChange(via);
      void mutate(next, { revalidate: false });
    },
    [mutate],
  );

  const signedOutByServer = useCallback(async () => {
    setLastChange('logout');
    // Forget every cached answer of the previous user (balance, preferences, folders...). The public
    // configuration is no one's: forgetting it left the sign-in page's captcha without its provider when
    // the page's own read of it was still in flight (SWR drops an answer older than the mutation).
    await mutateAll((key) => key !== paths.me && key !== paths.config, undefined, { revalidate: false });
    await mutate(null, { revalidate: false });
  }, [mutate, mutateAll]);

  const signOut = useCallback(async () => {
    await api.auth.logout();
    await signedOutByServer();
  }, [signedOutByServer]);

  const value = useMemo(
    () => ({ user, lastChange, signedIn, signOut, signedOutByServer }),
    [user, lastChange, signedIn, signOut, signedOutByServer],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
