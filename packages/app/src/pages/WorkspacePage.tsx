import { Trans, useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '@scribe/ui';
import { media } from '@scribe/ui/theme';
import { useEffect } from 'react';
import { Group, Panel, Separator, useDefaultLayout, type LayoutStorage } from 'react-resizable-panels';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../layouts/useDocumentTitle.ts';
import { useMediaQuery } from '../lib/useMediaQuery.ts';
import { AiPanel } from '../workspace/AiPanel.tsx';
import { LibraryPanel } from '../workspace/LibraryPanel.tsx';
import { MobileWorkspace } from '../workspace/MobileWorkspace.tsx';
import { TranscriptPane } from '../workspace/TranscriptPane.tsx';
import { selectionStore } from '../workspace/selection.ts';
import * as styles from '../workspace/workspace.css.ts';

/**
 * A link to one transcript (`/?transcript=ID`, as the e-mail about a finished transcription has) opens
 * it on the transcript tab; the address then drops the parameter. Another user's id shows what any
 * unknown transcript shows.
 */
function useLinkedTranscript() {
  const [params, setParams] = useSearchParams();
  const linked = params.get('transcript');
  useEffect(() => {
    if (linked === null) return;
    const id = Number(linked);
    if (Number.isSafeInteger(id) && id > 0) {
      selectionStore.selectTranscript(id);
      selectionStore.setTab('transcript');
    }
    setParams(
      (current) => {
        current.delete('transcript');
        return current;
      },
      { replace: true },
    );
  }, [linked, setParams]);
}

/**
 * Panel sizes are kept per device in localStorage (keys `react-resizable-panels:workspace-…`), saved only
 * after the user moved a separator. A browser that refuses storage just starts from the defaults.
 */
const storage: LayoutStorage = {
  getItem: (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem: (key, value) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Private mode or full: the layout is simply not remembered.
    }
  },
};

// Pixel floors (numbers are pixels, strings percentages in react-resizable-panels 4): below them the
// buttons and names of a panel no longer fit, whatever the percentage says.
const LIBRARY_MIN_PX = 220;
const AI_MIN_PX = 280;
const TRANSCRIPT_MIN_PX = 360;

function useRememberedLayout(id: string, panelIds: string[]) {
  return useDefaultLayout({ id, panelIds, storage, onlySaveAfterUserInteractions: true });
}

/** 1024 px and wider: folders, transcript and AI features side by side (spec: 15/60/25 percent). */
function DesktopPanels() {
  const { t } = useLingui();
  const layout = useRememberedLayout('workspace-desktop', ['library', 'transcript', 'ai']);
  return (
    <Group orientation="horizontal" className={styles.group} {...layout}>
      <Panel id="library" defaultSize="15" minSize={LIBRARY_MIN_PX} maxSize="35" className={styles.panel}>
        <LibraryPanel />
      </Panel>
      <Separator className={styles.separator} aria-label={t`Resize the folders panel`} />
      <Panel id="transcript" defaultSize="60" minSize={TRANSCRIPT_MIN_PX} className={styles.panel}>
        <TranscriptPane />
      </Panel>
      <Separator className={styles.separator} aria-label={t`Resize the AI features panel`} />
      <Panel id="ai" defaultSize="25" minSize={AI_MIN_PX} maxSize="40" className={styles.panel}>
        <AiPanel />
      </Panel>
    </Group>
  );
}

/**
 * 768 to 1023 px: three columns would leave each too narrow, so the AI features stack under the
 * transcript (a vertical split), beside the folders.
 */
function TabletPanels() {
  const { t } = useLingui();
  const columns = useRememberedLayout('workspace-tablet', ['library', 'main']);
  const rows = useRememberedLayout('workspace-tablet-main', ['transcript', 'ai']);
  return (
    <Group orientation="horizontal" className={styles.group} {...columns}>
      <Panel id="library" defaultSize="28" minSize={LIBRARY_MIN_PX} maxSize="45" className={styles.panel}>
        <LibraryPanel />
      </Panel>
      <Separator className={styles.separator} aria-label={t`Resize the folders panel`} />
      <Panel id="main" defaultSize="72" minSize={TRANSCRIPT_MIN_PX} className={styles.panel}>
        <Group orientation="vertical" className={styles.group} {...rows}>
          <Panel id="transcript" defaultSize="60" minSize={240} className={styles.panel}>
            <TranscriptPane />
          </Panel>
          <Separator className={styles.separatorRow} aria-label={t`Resize the AI features panel`} />
          <Panel id="ai" defaultSize="40" minSize={160} className={styles.panel}>
            <AiPanel />
          </Panel>
        </Group>
      </Panel>
    </Group>
  );
}

/**
 * The main workspace (docs/product-spec.md §2). Desktop: folders left, transcript centre, AI features right, in three
 * resizable panels of 15/60/25 percent. Tablets (768-1023 px): the AI features under the transcript.
 * Below 768 px: the mobile layout with its drawers.
 */
export default function WorkspacePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Workspace`);
  useLinkedTranscript();
  const isMobile = useMediaQuery(media.mobile);
  const isTablet = useMediaQuery(media.tablet);
  if (isMobile) return <MobileWorkspace />;
  return (
    <main id="main" tabIndex={-1} className={styles.workspace}>
      <VisuallyHidden as="h1">
        <Trans>Workspace</Trans>
      </VisuallyHidden>
      {isTablet ? <TabletPanels /> : <DesktopPanels />}
    </main>
  );
}
