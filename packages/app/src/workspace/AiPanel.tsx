import { useLingui } from '@lingui/react/macro';
import { AiPanel as KitAiPanel } from '@scribe/transcript-kit';
import { SparklesIcon } from '@scribe/ui/icons';
import { usePublicConfig } from '../config/useConfig.ts';
import { useAiActions, useModelChoice, usePrompts } from '../data/ai.ts';
import { useSelectedTranscript, useSelection } from './useSelection.ts';
import * as styles from './workspace.css.ts';

export interface AiPanelProps {
  /** Off inside the mobile drawer, which has its own title. */
  withHeading?: boolean;
  /** A prompt completed (the mobile drawer closes). */
  onCompleted?: () => void;
  /** The mobile no-transcript text. */
  noTranscriptMessage?: string;
}

/** The AI features panel (docs/product-spec.md §2): transcript-kit's AiPanel wired to the prompts and models API. */
export function AiPanel({ withHeading = true, onCompleted, noTranscriptMessage }: AiPanelProps) {
  const { t } = useLingui();
  const { transcriptId, data: transcript } = useSelectedTranscript();
  const { setTab } = useSelection();
  const { models, model, setModel } = useModelChoice();
  const prompts = usePrompts();
  const actions = useAiActions();
  const processing = transcript?.metadata.status === 'processing';
  // What one run costs with the chosen model (the server prices unknown models like gpt-4).
  const prices = usePublicConfig().data?.costs?.prompts;
  const chosen = models.find((m) => m.id === model);
  const promptCost = !prices
    ? undefined
    : chosen?.engine === 'local' || model === 'local'
      ? prices.local
      : model === 'gpt-3.5'
        ? prices['gpt-3.5']
        : prices['gpt-4'];

  return (
    <section
      className={withHeading ? styles.aiPanel : `${styles.aiPanel} ${styles.aiPanelBare}`}
      aria-labelledby={withHeading ? 'ai-panel-title' : undefined}
      aria-label={withHeading ? undefined : t`AI Features`}
      data-tutorial="ai-features"
    >
      {withHeading ? (
        <div className={styles.aiHead}>
          <h2 id="ai-panel-title" className={styles.aiTitle}>
            <SparklesIcon />
            {t`AI Features`}
          </h2>
          <p className={styles.viewMeta}>{t`Process your transcript with AI`}</p>
        </div>
      ) : null}
      {processing ? (
        <div className={styles.aiEmpty}>
          <SparklesIcon size={24} />
          <span>{t`AI features become available when the transcription is complete.`}</span>
        </div>
      ) : (
        <KitAiPanel
          hasTranscript={transcriptId !== null}
          noTranscriptMessage={noTranscriptMessage ?? t`Select a transcript to process it with AI.`}
          // The server's labels are English; the local engine's is ours to translate (GPT names are names).
          // The local engine's short name fits the menu; what it is (rule-based, no language model) shows under it.
          models={models.map((m) =>
            m.engine === 'local'
              ? { id: m.id, label: t`Local engine`, description: t`Rule-based, no language model` }
              : { id: m.id, label: m.label },
          )}
          model={model}
          onModelChange={setModel}
          savedPrompts={prompts}
          onRun={async (prompt) => {
            if (transcriptId === null) return;
            if (!(await actions.run(transcriptId, prompt, model))) return;
            setTab('ai-output');
            onCompleted?.();
          }}
          onCreatePrompt={actions.createPrompt}
          onDeletePrompt={actions.deletePrompt}
          onUpdatePrompt={actions.updatePrompt}
          onReorderPrompts={actions.reorderPrompts}
          promptCost={promptCost}
        />
      )}
    </section>
  );
}
