import { Trans, useLingui } from '@lingui/react/macro';
import { Drawer, IconButton } from '@scribe/ui';
import { ProfileMenu } from '../header/ProfileMenu.tsx';
import { FileTextIcon, MenuIcon, SparklesIcon } from '@scribe/ui/icons';
import { useSelectedTranscript } from './useSelection.ts';
import { AiPanel } from './AiPanel.tsx';
import { LibraryActions, LibraryTree } from './LibraryPanel.tsx';
import { LibrarySearchField } from './LibrarySearchField.tsx';
import { useMobileDrawer } from './mobileDrawers.ts';
import { TranscriptPane } from './TranscriptPane.tsx';
import * as styles from './workspace.css.ts';

/**
 * Below 768 px: a top bar (menu, title, AI features), the left drawer with the library search, record,
 * upload, the profile menu and the transcripts (no drag and drop), and the right drawer with the AI panel.
 */
export function MobileWorkspace() {
  const { t } = useLingui();
  const { transcriptId, data: transcript } = useSelectedTranscript();
  const [drawer, setDrawer] = useMobileDrawer();
  const menuOpen = drawer === 'menu';
  const aiOpen = drawer === 'ai';
  const setMenuOpen = (open: boolean) => setDrawer('menu', open);
  const setAiOpen = (open: boolean) => setDrawer('ai', open);
  const title = transcriptId !== null && transcript ? transcript.title : t`Audio Transcription`;

  return (
    <div className={styles.mobileShell}>
      <header className={styles.mobileBar}>
        <IconButton aria-label={t`Open menu`} icon={<MenuIcon size={20} />} onPress={() => setMenuOpen(true)} />
        <h1 className={styles.mobileTitle}>{title}</h1>
        <IconButton aria-label={t`Open AI features`} icon={<SparklesIcon size={20} />} onPress={() => setAiOpen(true)} />
      </header>
      <main id="main" tabIndex={-1} className={styles.mobileMain}>
        {transcriptId === null ? (
          <div className={styles.emptyState}>
            <span className={styles.emptyIcon}>
              <FileTextIcon size={40} />
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
            <LibrarySearchField layout="inline" onChosen={close} />
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
      <Drawer side="right" title={t`AI Features`} description={t`Process your transcript with AI`} isOpen={aiOpen} onOpenChange={setAiOpen}>
        <AiPanel
          withHeading={false}
          onCompleted={() => setAiOpen(false)}
          noTranscriptMessage={t`Tap the menu button to select a transcript or record a new one`}
        />
      </Drawer>
    </div>
  );
}
