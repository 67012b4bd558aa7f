import { useLingui } from '@lingui/react/macro';
import { Button, Menu, MenuHeader, MenuItem, MenuSeparator, MenuTrigger } from '@scribe/ui';
import { useState } from 'react';
import { ChevronDownIcon } from '@scribe/ui/icons';
import { BuyCreditsDialog } from '../credits/BuyCreditsDialog.tsx';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { useSignOut } from '../session/useSignOut.ts';
import { restartTutorial } from '../tutorial/tutorialState.ts';
import * as styles from './header.css.ts';
import { initials } from './initials.ts';
import { languageSubmenu } from './languageSubmenu.tsx';
import { MenuUserHeader, useMenuLinks } from './menuEntries.tsx';
import { useCreditBalance } from '../data/credits.ts';

/** Spec §1: balance, Buy credits, Settings, Help, Restart tutorial, Contact, language and Sign out. */
export function AccountMenu({ isMobile }: { isMobile: boolean }) {
  const { t } = useLingui();
  const { user } = useSession();
  const handleSignOut = useSignOut();
  const { language, setLanguage } = useLanguage();
  const balance = useCreditBalance();
  const [isBuying, setBuying] = useState(false);
  const links = useMenuLinks();
  if (!user) return null;

  const name = user.fullName || user.username;

  return (
    <>
      <MenuTrigger>
        <Button variant="ghost" aria-label={t`${name}, account menu`}>
          <span className={styles.trigger}>
            {/* Initials drawn by CSS: not text, so the button's name starts with what it shows (WCAG 2.5.3). */}
            <span className={styles.avatar} aria-hidden="true" data-initials={initials(user.fullName, user.username)} />
            {isMobile ? null : <span className={styles.triggerName}>{name}</span>}
            <ChevronDownIcon />
          </span>
        </Button>
        <Menu aria-label={t`Account`} placement="bottom end">
          <MenuHeader>
            <MenuUserHeader name={name} username={user.username} balance={balance} />
          </MenuHeader>
          {isMobile ? (
            <>
              {links('home', 'credits')}
              <MenuSeparator />
            </>
          ) : null}
          <MenuItem id="buy-credits" onAction={() => setBuying(true)}>
            {t`Buy credits`}
          </MenuItem>
          <MenuSeparator />
          {links('settings', 'help')}
          <MenuItem id="restart-tutorial" onAction={() => restartTutorial(user.id)}>
            {t`Restart tutorial`}
          </MenuItem>
          {links('contact')}
          <MenuSeparator />
          {languageSubmenu({ label: t`Language`, language, setLanguage })}
          <MenuSeparator />
          <MenuItem id="sign-out" onAction={() => void handleSignOut()}>
            {t`Sign out`}
          </MenuItem>
        </Menu>
      </MenuTrigger>
      <BuyCreditsDialog isOpen={isBuying} onOpenChange={setBuying} />
    </>
  );
}
