import { Trans, useLingui } from '@lingui/react/macro';
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
import { useCreditBalance } from '../data/credits.ts';

/** Spec §1: balance, Buy credits, Settings, Help, Restart tutorial, Contact, language and Sign out. */
export function AccountMenu({ isMobile }: { isMobile: boolean }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const handleSignOut = useSignOut();
  const { language, setLanguage } = useLanguage();
  const balance = useCreditBalance();
  const [isBuying, setBuying] = useState(false);
  if (!user) return null;

  const name = user.fullName || user.username;
  const balanceText = balance === undefined ? '—' : i18n.number(balance);

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
            <span className={styles.menuHeader}>
              <span className={styles.menuName}>{name}</span>
              <span className={styles.menuUsername}>@{user.username}</span>
              <span className={styles.menuBalance}>
                <Trans>Credits: {balanceText}</Trans>
              </span>
            </span>
          </MenuHeader>
          {isMobile ? (
            <>
              <MenuItem id="home" href="/">
                {t`Home`}
              </MenuItem>
              <MenuItem id="credits" href="/credits">
                {t`Credits`}
              </MenuItem>
              <MenuSeparator />
            </>
          ) : null}
          <MenuItem id="buy-credits" onAction={() => setBuying(true)}>
            {t`Buy credits`}
          </MenuItem>
          <MenuSeparator />
          <MenuItem id="settings" href="/settings">
            {t`Settings`}
          </MenuItem>
          <MenuItem id="help" href="/help">
            {t`Help`}
          </MenuItem>
          <MenuItem id="restart-tutorial" onAction={() => restartTutorial(user.id)}>
            {t`Restart tutorial`}
          </MenuItem>
          <MenuItem id="contact" href="/contact">
            {t`Contact`}
          </MenuItem>
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
