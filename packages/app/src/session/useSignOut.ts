import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@scribe/api-client';
import { toast } from '@scribe/ui';
import { useCallback } from 'react';
import { translateError } from '../i18n/errors.ts';
import { useSession } from './SessionProvider.tsx';

/** Sign out from any menu: on failure the server's reason, else 'Logout failed', as a toast. */
export function useSignOut() {
  const { i18n } = useLingui();
  const { signOut } = useSession();
  return useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      toast({ title: translateError(i18n, error instanceof ApiError ? error : 'LOGOUT_FAILED'), variant: 'destructive' });
    }
  }, [i18n, signOut]);
}
