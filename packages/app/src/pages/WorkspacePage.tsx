import { Trans, useLingui } from '@lingui/react/macro';
import { Heading, Text, VisuallyHidden } from '@scribe/ui';
import { FileTextIcon } from '../components/icons.tsx';
import { useDocumentTitle } from '../layouts/useDocumentTitle.ts';
import * as styles from './pages.css.ts';

/**
 * The main workspace (spec §2): folders left, transcript centre, AI features right (15/60/25).
 * Later issues fill the panels; this page gives them their places.
 */
export default function WorkspacePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Workspace`);
  return (
    <main id="main" tabIndex={-1} className={styles.workspace}>
      <VisuallyHidden as="h1">
        <Trans>Workspace</Trans>
      </VisuallyHidden>
      <aside className={styles.sidePanel} aria-labelledby="panel-folders">
        <Heading level={2} id="panel-folders">
          <Trans>Folders</Trans>
        </Heading>
        <Text tone="muted" size="sm">
          <Trans>No items found</Trans>
        </Text>
      </aside>
      <section className={styles.centrePanel} aria-labelledby="panel-transcript">
        <VisuallyHidden as="h2">
          <span id="panel-transcript">
            <Trans>Transcript</Trans>
          </span>
        </VisuallyHidden>
        <div className={styles.emptyState}>
          <span className={styles.emptyIcon}>
            <FileTextIcon />
          </span>
          <Text tone="muted">
            <Trans>Select a transcript to view</Trans>
          </Text>
        </div>
      </section>
      <aside className={styles.sidePanel} aria-labelledby="panel-ai">
        <Heading level={2} id="panel-ai">
          <Trans>AI Features</Trans>
        </Heading>
        <Text tone="muted" size="sm">
          <Trans>Select a transcript to process it with AI.</Trans>
        </Text>
      </aside>
    </main>
  );
}
