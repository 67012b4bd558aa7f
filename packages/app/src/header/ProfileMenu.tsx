import { useLingui } from '@lingui/react/macro';
import { Menu, MenuHeader, MenuItem, MenuSeparator, MenuTrigger } from '@scribe/ui';
import { Button as RACButton } from 'react-aria-components';
import { ChevronDownIcon } from '@scribe/ui/icons';
import { useCreditBalance } from '../data/credits.ts';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { useSignOut } from '../session/useSignOut.ts';
import { restartTutorial } from '../tutorial/tutorialState.ts';
import * as styles from './header.css.ts';
import { initials } from './initials.ts';
import { languageSubmenu } from './languageSubmenu.tsx';
import { MenuUserHeader, useMenuLinks } from './menuEntries.tsx';

/**
 * Spec §2 (mobile): the Profile menu in the left drawer: Home, Credits, Settings, Sign out (worded as in the desktop's account menu), with the
 * username; like the desktop account menu it also shows the balance and offers Help, Restart tutorial
 * and the language.
 */
export function ProfileMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useLingui();
  const { user } = useSession();
  const logout = useSignOut();
  const balance = useCreditBalance();
  const { language, setLanguage } = useLanguage();
  const links = useMenuLinks();
  if (!user) return null;
  const username = user.username;
  const displayName = user.fullName || user.username;
  const userId = user.id;
  return (
    <MenuTrigger>
      {/* The name starts with the visible text (WCAG 2.5.3); the initials are drawn by CSS. */}
      <RACButton className={styles.profileTrigger} aria-label={t`${displayName} @${username}, profile menu`}>
        <span className={styles.avatar} aria-hidden="true" data-initials={initials(user.fullName, user.username)} />
        <span className={styles.profileText}>
          <span className={styles.profileName}>{displayName}</span>
          <span className={styles.profileUsername}>@{user.username}</span>
        </span>
        <ChevronDownIcon />
      </RACButton>
      <Menu
        aria-label={t`Profile`}
        placement="top start"
        onAction={(key) => {
          if (key === 'logout') void logout();
          else if (key === 'restart-tutorial') {
            onNavigate();
            restartTutorial(userId);
          } else if (key !== 'language') onNavigate();
        }}
      >
        <MenuHeader>
          <MenuUserHeader name={displayName} balance={balance} />
        </MenuHeader>
        {links('home', 'credits', 'settings')}
        <MenuSeparator />
        {links('help')}
        <MenuItem id="restart-tutorial">{t`Restart tutorial`}</MenuItem>
        {languageSubmenu({ label: t`Language`, language, setLanguage })}
        <MenuSeparator />
        <MenuItem id="logout">{t`Sign out`}</MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
