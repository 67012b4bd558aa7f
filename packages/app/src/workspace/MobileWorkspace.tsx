import { Trans, useLingui } from '@lingui/react/macro';
import { Drawer, IconButton, Menu, MenuHeader, MenuItem, MenuSeparator, MenuTrigger } from '@scribe/ui';
import { Button as RACButton } from 'react-aria-components';
import { useState } from 'react';
import { ChevronDownIcon, FileTextIcon, MenuIcon, SparklesIcon } from '../components/icons.tsx';
import { useSelectedTranscript } from './useSelection.ts';
import * as headerStyles from '../header/header.css.ts';
import { initials } from '../header/initials.ts';
import { languageSubmenu } from '../header/languageSubmenu.tsx';
import { useCreditBalance } from '../data/credits.ts';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { restartTutorial } from '../tutorial/tutorialState.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useSignOut } from '../session/useSignOut.ts';
import { AiPanel } from './AiPanel.tsx';
import { LibraryActions, LibraryTree } from './LibraryPanel.tsx';
import { TranscriptPane } from './TranscriptPane.tsx';
import * as styles from './workspace.css.ts';

/**
 * Spec §2 (mobile): the Profile menu in the left drawer: Home, Credits, Settings, Logout, with the
 * username; like the desktop account menu it also shows the balance and offers Help, Restart tutorial
 * and the language.
 */
function ProfileMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const logout = useSignOut();
  const balance = useCreditBalance();
  const { language, setLanguage } = useLanguage();
  if (!user) return null;
  const username = user.username;
  const displayName = user.fullName || user.username;
  const balanceText = balance === undefined ? '—' : i18n.number(balance);
  const userId = user.id;
  return (
    <MenuTrigger>
      {/* The name starts with the visible text (WCAG 2.5.3); the initials are drawn by CSS. */}
      <RACButton className={styles.profileTrigger} aria-label={t`${displayName} @${username}, profile menu`}>
        <span className={headerStyles.avatar} aria-hidden="true" data-initials={initials(user.fullName, user.username)} />
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
          <span className={headerStyles.menuHeader}>
            <span className={headerStyles.menuName}>{displayName}</span>
            <span className={headerStyles.menuBalance}>
              <Trans>Credits: {balanceText}</Trans>
            </span>
          </span>
        </MenuHeader>
        <MenuItem id="home" href="/">
          {t`Home`}
        </MenuItem>
        <MenuItem id="credits" href="/credits">
          {t`Credits`}
        </MenuItem>
        <MenuItem id="settings" href="/settings">
          {t`Settings`}
        </MenuItem>
        <MenuSeparator />
        <MenuItem id="help" href="/help">
          {t`Help`}
        </MenuItem>
        <MenuItem id="restart-tutorial">{t`Restart tutorial`}</MenuItem>
        {languageSubmenu({ label: t`Language`, language, setLanguage })}
        <MenuSeparator />
        <MenuItem id="logout">{t`Logout`}</MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

/**
 * Below 768 px: a top bar (menu, title, AI features), the left drawer with record, upload, the
 * profile menu and the transcripts (no drag and drop), and the right drawer with the AI panel.
 */
export function MobileWorkspace() {
  const { t } = useLingui();
  const { transcriptId, data: transcript } = useSelectedTranscript();
  const [menuOpen, setMenuOpen] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  const title = transcriptId !== null && transcript ? transcript.title : t`Audio Transcription`;

  return (
    <div className={styles.mobileShell}>
      <header className={styles.mobileBar}>
        <IconButton aria-label={t`Open menu`} icon={<MenuIcon />} onPress={() => setMenuOpen(true)} />
        <h1 className={styles.mobileTitle}>{title}</h1>
        <IconButton aria-label={t`Open AI features`} icon={<SparklesIcon size={20} />} onPress={() => setAiOpen(true)} />
      </header>
      <main id="main" tabIndex={-1} className={styles.mobileMain}>
        {transcriptId === null ? (
          <div className={styles.emptyState}>
            <span className={styles.emptyIcon}>
              <FileTextIcon />
            </span>
            <p className={styles.emptyText}>
              <Trans>Tap the menu button to select a transcript or record a new one</Trans>
            </p>
          </div>
        ) : (
          <TranscriptPane />
        )}
      </main>

      <Drawer side="left" title={t`Menu`} isOpen={menuOpen} onOpenChange={setMenuOpen}>
        {({ close }) => (
          <div className={styles.drawerSection}>
            <LibraryActions onUploadStart={close} />
            <div className={styles.drawerTree}>
              <LibraryTree isDragAndDropEnabled={false} onSelected={close} />
            </div>
            <div className={styles.drawerFooter}>
              <ProfileMenu onNavigate={close} />
            </div>
          </div>
        )}
      </Drawer>
      <Drawer
        side="right"
        title={t`AI Features`}
        description={t`Process your transcript with AI`}
        isOpen={aiOpen}
        onOpenChange={setAiOpen}
      >
        <AiPanel
          withHeading={false}
          onCompleted={() => setAiOpen(false)}
          noTranscriptMessage={t`Tap the menu button to select a transcript or record a new one`}
        />
      </Drawer>
    </div>
  );
}
