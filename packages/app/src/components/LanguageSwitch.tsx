import { Button } from '@scribe/ui';
import { useLanguage, languageNames } from '../i18n/LanguageProvider.tsx';
import { GlobeIcon } from '@scribe/ui/icons';

/**
 * Language switch of the signed-out pages: one button naming the other language (two languages only).
 * Signed-in users choose in the account menu. A button instead of a menu keeps the menu code
 * (about 35 KB gzip) out of the sign-in page.
 */
export function LanguageSwitch() {
  const { language, setLanguage } = useLanguage();
  const other = language === 'en' ? 'de' : 'en';
  return (
    <Button variant="ghost" size="sm" icon={<GlobeIcon />} onPress={() => void setLanguage(other)}>
      {languageNames[other]}
    </Button>
  );
}
