import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Heading, Link, Stack, Text } from '@scribe/ui';
import { PageShell } from '../layouts/PageShell.tsx';
import * as styles from './pages.css.ts';

/** Spec §2: a static getting-started list. */
export default function HelpPage() {
  const { t } = useLingui();
  const steps = [
    {
      title: t`Upload audio`,
      text: t`Record in the browser or upload an audio or video file: wav, mp3, m4a, aac, flac, ogg, opus, webm, mkv, mp4, mov, 3gp, aiff or caf. A video is transcribed from its sound. Transcription runs in the background and its progress is shown live.`,
    },
    {
      title: t`Manage transcripts`,
      text: t`Open a transcript to read it while the audio plays: click a line to play from there. To correct a line, double-click it, press Enter on it or use Edit. Copy the text or run AI prompts on it.`,
    },
    {
      title: t`Organise in folders`,
      text: t`Create folders and subfolders, and drag transcripts into them to keep your work in order.`,
    },
    { title: t`Export`, text: t`Download transcripts and AI outputs as PDF, DOCX or TXT.` },
  ];
  return (
    <PageShell title={t`Help`} description={t`Getting started with Audio Transcription in four steps.`}>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step.title}>
            <Card as="article">
              <Stack gap="xs">
                <Heading level={2}>{step.title}</Heading>
                <Text tone="muted">{step.text}</Text>
              </Stack>
            </Card>
          </li>
        ))}
      </ol>
      <Text tone="muted">
        <Trans>
          Still stuck? <Link href="/contact">Contact us</Link>.
        </Trans>
      </Text>
    </PageShell>
  );
}
