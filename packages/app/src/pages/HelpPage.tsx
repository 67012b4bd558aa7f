import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Heading, Link, Stack, Text } from '@scribe/ui';
import { PageShell } from '../layouts/PageShell.tsx';
import * as styles from './pages.css.ts';

/** Spec §2: a static getting-started list. */
export default function HelpPage() {
  const { t } = useLingui();
  return (
    <PageShell title={t`Help`} description={t`Getting started with Audio Transcription in four steps.`}>
      <ol className={styles.steps}>
        <li>
          <Card as="article">
            <Stack gap="xs">
              <Heading level={2}>
                <Trans>Upload audio</Trans>
              </Heading>
              <Text tone="muted">
                <Trans>
                  Record in the browser or upload a wav, mp3, webm or m4a file. Transcription runs in the background and its progress is
                  shown live.
                </Trans>
              </Text>
            </Stack>
          </Card>
        </li>
        <li>
          <Card as="article">
            <Stack gap="xs">
              <Heading level={2}>
                <Trans>Manage transcripts</Trans>
              </Heading>
              <Text tone="muted">
                <Trans>
                  Open a transcript to read it while the audio plays, jump to any passage, copy the text or run AI prompts on it.
                </Trans>
              </Text>
            </Stack>
          </Card>
        </li>
        <li>
          <Card as="article">
            <Stack gap="xs">
              <Heading level={2}>
                <Trans>Organise in folders</Trans>
              </Heading>
              <Text tone="muted">
                <Trans>Create folders and subfolders, and drag transcripts into them to keep your work in order.</Trans>
              </Text>
            </Stack>
          </Card>
        </li>
        <li>
          <Card as="article">
            <Stack gap="xs">
              <Heading level={2}>
                <Trans>Export</Trans>
              </Heading>
              <Text tone="muted">
                <Trans>Download transcripts and AI outputs as PDF, DOCX or TXT.</Trans>
              </Text>
            </Stack>
          </Card>
        </li>
      </ol>
      <Text tone="muted">
        <Trans>
          Still stuck? <Link href="/contact">Contact us</Link>.
        </Trans>
      </Text>
    </PageShell>
  );
}
