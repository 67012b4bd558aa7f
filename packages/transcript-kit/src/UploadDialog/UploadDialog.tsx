import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { Alert, Button, Dialog, ProgressBar, Text } from '@scribe/ui';
import { busyDialogProps } from '../dialog/busy.ts';
import {
  checkTranscription,
  TranscriptionChoices,
  type SpeakersChoice,
  type TranscriptionTerms,
  type VocabularyChoice,
} from '../TranscriptionChoices/TranscriptionChoices.tsx';
import * as styles from './UploadDialog.css.ts';

/** 'confirm': before anything is sent, the language, length, cost and balance, and an Upload button. */
export type UploadDialogState = 'confirm' | 'uploading' | 'processing' | 'completed' | 'error';

/** The confirm state's choices. */
export interface UploadConfirmation {
  terms: TranscriptionTerms;
  language: string;
  onLanguageChange: (language: string) => void;
  /** Undefined while the browser reads the file's length; null when it could not. */
  durationSeconds: number | null | undefined;
  /** Upload with the chosen language (only offered when the choices allow it). */
  onConfirm: () => void;
  /** The custom vocabulary for this upload (prefilled from Settings); left out: no field. */
  vocabulary?: VocabularyChoice;
  /** How many speakers the recording has ('auto' by default); left out: no field. */
  speakers?: SpeakersChoice;
}

export interface UploadDialogProps {
  state: UploadDialogState;
  /**
   * 0-100: the bytes sent while uploading (from the request's upload progress events); while processing,
   * the transcription's progress, or 0 when nothing is measured yet (a moving bar, no percent).
   */
  progress: number;
  fileName?: string;
  /** Shown in the error state; defaults to 'Failed to upload file'. */
  error?: string;
  /** Required for the confirm state. */
  confirmation?: UploadConfirmation;
  isOpen: boolean;
  /** Never called with false while uploading or processing: the dialog cannot be closed then. */
  onOpenChange: (isOpen: boolean) => void;
  /** While uploading: a Cancel button stops the upload (the app aborts the request and discards what was sent). */
  onCancel?: () => void;
}

/**
 * Progress of an upload and of the processing after it. While uploading or processing it cannot be
 * dismissed (no close button; Escape and outside clicks are ignored) so the user does not lose track of
 * the job, but an upload can be stopped with Cancel; completed and error states close normally.
 */
function UploadDialogView({ state, progress, fileName, error, confirmation, isOpen, onOpenChange, onCancel }: UploadDialogProps) {
  const { t } = useLingui();
  const busy = state === 'uploading' || state === 'processing';
  const value = Math.max(0, Math.min(100, Number.isFinite(progress) ? progress : 0));
  const check = confirmation ? checkTranscription(confirmation.terms, confirmation.language, confirmation.durationSeconds) : null;
  const canUpload = !!check?.ok && confirmation?.durationSeconds !== undefined && !confirmation.vocabulary?.error;
  const title = {
    confirm: t`Upload audio`,
    uploading: t`Uploading File`,
    processing: t`Processing Audio`,
    completed: t`Transcription completed!`,
    error: t`Upload failed`,
  }[state];

  return (
    <Dialog
      title={title}
      size="sm"
      isOpen={isOpen}
      {...busyDialogProps(busy, onOpenChange)}
      footer={
        busy
          ? state === 'uploading' && onCancel
            ? () => (
                <Button variant="secondary" onPress={onCancel}>
                  {t`Cancel upload`}
                </Button>
              )
            : undefined
          : state === 'confirm'
            ? ({ close }) => (
                <>
                  <Button onPress={close}>{t`Cancel`}</Button>
                  <Button variant="primary" onPress={() => confirmation?.onConfirm()} isDisabled={!canUpload}>
                    {t`Upload`}
                  </Button>
                </>
              )
            : ({ close }) => <Button onPress={close}>{t`Close`}</Button>
      }
    >
      <div className={styles.body}>
        {fileName ? (
          <Text size="sm" tone="muted">
            {fileName}
          </Text>
        ) : null}
        {state === 'confirm' && confirmation ? (
          <TranscriptionChoices
            terms={confirmation.terms}
            language={confirmation.language}
            onLanguageChange={confirmation.onLanguageChange}
            durationSeconds={confirmation.durationSeconds}
            vocabulary={confirmation.vocabulary}
            speakers={confirmation.speakers}
          />
        ) : state === 'error' ? (
          <Alert tone="danger">{error || t`Failed to upload file`}</Alert>
        ) : state === 'processing' && value <= 0 ? (
          // Every byte is sent; what follows (the server storing and checking the file) has no
          // measurable progress: a moving bar, not a 0 % that seems stuck.
          <ProgressBar label={t`Processing`} isIndeterminate />
        ) : (
          <ProgressBar
            label={state === 'uploading' ? t`Upload progress` : t`Transcription progress`}
            value={state === 'completed' ? 100 : value}
          />
        )}
        {state === 'processing' ? (
          <Text size="sm" tone="muted">
            {t`Your audio file is being processed.`}
          </Text>
        ) : null}
      </div>
    </Dialog>
  );
}

export const UploadDialog = withKitProvider(UploadDialogView, 'UploadDialog');
