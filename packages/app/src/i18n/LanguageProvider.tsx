import { useLingui } from '@lingui/react';
import { createContext, use, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { api } from '../api.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { activateLanguage, isLanguage, readStoredLanguage, storeLanguage, type Language } from './i18n.ts';

interface LanguageContextValue {
  language: Language;
  /** The user's explicit choice: kept in this browser and, when signed in, on the server. */
  setLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const { user } = useSession();
  const language: Language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const signedIn = !!user;

  const setLanguage = useCallback(
    async (next: Language) => {
      storeLanguage(next);
      await activateLanguage(next);
      if (signedIn) {
        try {
          await api.preferences.save({ language: next });
        } catch (error) {
          // The local choice already applies; the server copy only matters on other browsers.
          console.error('Failed to save preferences', error);
        }
      }
    },
    [signedIn],
  );

  // Spec §7: after sign-in the server's preference applies, unless this browser has its own choice.
  // That choice (made, say, on the sign-in page) is then saved, so the server writes exports and the
  // local engine's answers in the language the user reads.
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    api.preferences.get().then(
      (preferences) => {
        const preferred = preferences?.language;
        const local = readStoredLanguage();
        if (cancelled) return;
        if (local) {
          if (preferred !== local)
            api.preferences.save({ language: local }).catch((error: unknown) => console.error('Failed to save preferences', error));
        } else if (isLanguage(preferred)) void activateLanguage(preferred);
      },
      (error: unknown) => console.error('Failed to load preferences', error),
    );
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

export function useLanguage(): LanguageContextValue {
  const value = use(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside <LanguageProvider>');
  return value;
}

/** Language names are written in their own language, so each is recognisable in any UI language. */
export const languageNames: Record<Language, string> = { en: 'English', de: 'Deutsch' };
