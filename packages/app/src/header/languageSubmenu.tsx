import { Menu, MenuItem, SubmenuTrigger } from '@scribe/ui';
import type { ReactElement } from 'react';
import { isLanguage, languages, type Language } from '../i18n/i18n.ts';
import { languageNames } from '../i18n/LanguageProvider.tsx';
import * as styles from './header.css.ts';

/**
 * The 'Language' item with its submenu, for the account menu (header) and the phone's profile menu.
 * A plain function returning menu items, so it sits in a react-aria collection like any item.
 */
export function languageSubmenu({
  label,
  language,
  setLanguage,
}: {
  label: string;
  language: Language;
  setLanguage: (next: Language) => unknown;
}): ReactElement {
  return (
    <SubmenuTrigger>
      <MenuItem id="language" textValue={label}>
        <span className={styles.languageItem}>
          {label}
          <span className={styles.languageCurrent}>{languageNames[language]}</span>
        </span>
      </MenuItem>
      <Menu
        aria-label={label}
        selectionMode="single"
        selectedKeys={[language]}
        onSelectionChange={(keys) => {
          const [next] = keys === 'all' ? [] : [...keys];
          if (isLanguage(next)) void setLanguage(next);
        }}
      >
        {languages.map((code) => (
          <MenuItem key={code} id={code}>
            {languageNames[code]}
          </MenuItem>
        ))}
      </Menu>
    </SubmenuTrigger>
  );
}
