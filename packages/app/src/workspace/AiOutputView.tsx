import { useLingui } from '@lingui/react/macro';
import { ApiError, HttpStatusError, paths } from '@scribe/api-client';
import { AiOutputList, type AiOutputListState } from '@scribe/transcript-kit';
import { LayersIcon } from '@scribe/ui/icons';
import { useAiOutputs, useExporter } from '../data/ai.ts';
import { usePendingOutput } from '../data/aiStream.ts';
import { translateError } from '../i18n/errors.ts';
import { useSelectedTranscript } from './useSelection.ts';
import { EmptyState } from './EmptyState.tsx';
import { seekPlayer } from './playback.ts';
import * as styles from './workspace.css.ts';

/** The AI output tab: the transcript's outputs, times that seek the player, copy and exports. */
export function AiOutputView() {
  const { t, i18n } = useLingui();
  const { transcriptId, data: transcript } = useSelectedTranscript();
  const { data, error, isLoading } = useAiOutputs(transcriptId);
  const exporter = useExporter();
  const pending = usePendingOutput(transcriptId);
  // The tab's error heading in the user's language (the error's own message is the English one).
  const outputsErrorMessage = (err: unknown) => {
    if (err instanceof HttpStatusError) {
      const { status, statusText } = err;
      return t`Failed to fetch prompt outputs: ${status} ${statusText}`.trim();
    }
    if (err instanceof ApiError) return translateError(i18n, err);
    return err instanceof Error ? err.message : t`Failed to fetch prompt outputs`;
  };
  if (transcriptId === null) {
    return (
      <div className={styles.viewCard}>
        <EmptyState icon={<LayersIcon size={28} />} title={t`Select a transcript to view`} />
      </div>
    );
  }
  const state: AiOutputListState = error
    ? { status: 'error', message: outputsErrorMessage(error) }
    : isLoading || !data
      ? { status: 'loading' }
      : {
          status: 'ready',
          // The note says what produced each output: the local engine in the user's language, else the provider's model id.
          outputs: data.map((o) => ({ ...o, model: o.engine === 'local' ? t`rule-based engine` : o.model })),
        };
  return (
    <div className={styles.scrollingViewCard}>
      {/* The card's inner padding, as around the transcript: the header and outputs do not touch its edge. */}
      <div className={styles.viewBody}>
        <AiOutputList
          state={state}
          title={transcript?.title}
          pending={pending ? { prompt: pending.prompt, text: pending.text, progress: pending.progress } : null}
          onSeek={(seconds) => void seekPlayer(seconds)}
          onExport={(target, format) =>
            void exporter(
              target.kind === 'all' ? paths.aiOutputsExport(transcriptId, format) : paths.aiOutputExport(transcriptId, target.id, format),
              format,
            )
          }
        />
      </div>
    </div>
  );
}
