// The signed-in user's preferences as the upload and record dialogs read them (Settings writes them).
import { paths } from '@scribe/api-client';
import useSWR from 'swr';
import { api } from '../api.ts';
import { useSession } from '../session/SessionProvider.tsx';

const NO_TERMS: string[] = [];

/** The saved custom vocabulary (Settings), [] until it has loaded or when signed out. */
export function useSavedVocabulary(): string[] {
  const { user } = useSession();
  return useSWR(user ? paths.preferences : null, () => api.preferences.get()).data?.vocabulary ?? NO_TERMS;
}
