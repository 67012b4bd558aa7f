import { useLingui } from '@lingui/react/macro';
import { ApiError, HttpStatusError, paths } from '@scribe/api-client';
import { AiOutputList } from '@scribe/transcript-kit';
import { type AiOutputListState, type AiOutputRerun } from '@scribe/transcript-kit/utils';
import { LayersIcon } from '@scribe/ui/icons';
import { useMemo } from 'react';
import { useAiActions, useAiModels, useAiOutputs, useExporter } from '../data/ai.ts';
import { useDeleteOutput, useHiddenOutputs } from '../data/aiOutputDeletes.ts';
import { useFolderTree } from '../data/library.ts';
import { usePendingOutput } from '../data/live-state.ts';
import { translateError } from '../i18n/errors.ts';
import { useSelectedTranscript, useSelection } from './useSelection.ts';
import { EmptyState } from './EmptyState.tsx';
import { modelOfOutput, rerunTargets } from './rerun.ts';
import { seekPlayer } from './playback.ts';
import { passageStart } from './passageStart.ts';
import { useSearchedOutput } from './searchJump.ts';
import * as styles from './workspace.css.ts';

/** The AI output tab: the transcript's outputs, times that seek the player, copy and exports. */
export function AiOutputView() {
  const { t, i18n } = useLingui();
  const { transcriptId, data: transcript } = useSelectedTranscript();
  const { data, error, isLoading } = useAiOutputs(transcriptId);
  const searched = useSearchedOutput();
  const exporter = useExporter();
  const pending = usePendingOutput(transcriptId);
  const { tree } = useFolderTree();
  const models = useAiModels();
  const actions = useAiActions();
  const { selectTranscript, setTab } = useSelection();
  const hidden = useHiddenOutputs();
  const deleteOutput = useDeleteOutput();
  const targets = useMemo(() => rerunTargets(tree, transcriptId), [tree, transcriptId]);
  // The same prompt text and model on the chosen transcript, which is then shown with its outputs.
  const rerun: AiOutputRerun = {
    transcripts: targets,
    onRun: async (item, target) => {
      const original = data?.find((o) => o.id === item.id);
      if (!original) return;
      const model = modelOfOutput(original, models) ?? models.find((m) => m.default)?.id ?? '';
      if (!(await actions.run(target, original.prompt, model))) return;
      selectTranscript(target);
      setTab('ai-output');
    },
  };
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
          // Deleted outputs whose Undo is still offered stay hidden.
          outputs: data
            .filter((o) => !hidden.has(o.id))
            .map((o) => ({ ...o, model: o.engine === 'local' ? t`rule-based engine` : o.model })),
        };
  return (
    <div className={styles.scrollingViewCard}>
      {/* The card's inner padding, as around the transcript: the header and outputs do not touch its edge. */}
      <div className={styles.viewBody}>
        <AiOutputList
          state={state}
          title={transcript?.title}
          pending={pending ? { prompt: pending.prompt, text: pending.text, progress: pending.progress } : null}
          rerun={rerun}
          onSeek={(seconds) => void seekPlayer(passageStart(transcript?.metadata.timestamps ?? [], seconds))}
          onDelete={(item) => deleteOutput(transcriptId, item)}
          revealOutputId={searched?.transcriptId === transcriptId ? searched.outputId : null}
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
