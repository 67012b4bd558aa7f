import { Trans, useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '@scribe/ui';
import { media } from '@scribe/ui/theme';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useDocumentTitle } from '../layouts/useDocumentTitle.ts';
import { useMediaQuery } from '../layouts/useMediaQuery.ts';
import { AiPanel } from '../workspace/AiPanel.tsx';
import { LibraryPanel } from '../workspace/LibraryPanel.tsx';
import { MobileWorkspace } from '../workspace/MobileWorkspace.tsx';
import { TranscriptPane } from '../workspace/TranscriptPane.tsx';
import * as styles from '../workspace/workspace.css.ts';

/**
 * The main workspace (spec §2). Desktop: folders left, transcript centre, AI features right, in three
 * resizable panels of 15/60/25 percent. Below 768 px: the mobile layout with its drawers.
 */
export default function WorkspacePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Workspace`);
  const isMobile = useMediaQuery(media.mobile);
  if (isMobile) return <MobileWorkspace />;
  return (
    <main id="main" tabIndex={-1} className={styles.workspace}>
      <VisuallyHidden as="h1">
        <Trans>Workspace</Trans>
      </VisuallyHidden>
      {/* Sizes as strings are percentages in react-resizable-panels 4 (numbers would be pixels). */}
      <Group orientation="horizontal" className={styles.group}>
        <Panel id="library" defaultSize="15" minSize="10" maxSize="35" className={styles.panel}>
          <LibraryPanel />
        </Panel>
        <Separator className={styles.separator} aria-label={t`Resize the folders panel`} />
        <Panel id="transcript" defaultSize="60" minSize="30" className={styles.panel}>
          <TranscriptPane />
        </Panel>
        <Separator className={styles.separator} aria-label={t`Resize the AI features panel`} />
        <Panel id="ai" defaultSize="25" minSize="15" maxSize="40" className={styles.panel}>
          <AiPanel />
        </Panel>
      </Group>
    </main>
  );
}
