import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Dialog, ProgressBar, Text } from '@scribe/ui';
import * as styles from './UploadDialog.css.ts';

export type UploadDialogState = 'uploading' | 'processing' | 'completed' | 'error';

export interface UploadDialogProps {
  state: UploadDialogState;
  /** 0-100: the bytes sent while uploading, the transcription's progress while processing. */
  progress: number;
  fileName?: string;
  /** Shown in the error state; defaults to 'Failed to upload file'. */
  error?: string;
  isOpen: boolean;
  /** Never called with false while uploading or processing: the dialog cannot be closed then. */
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * Progress of an upload and of the transcription after it. While uploading or processing it cannot be
 * closed (no close button; Escape and outside clicks are ignored) so the user does not lose track of
 * the job; completed and error states close normally.
 */
export function UploadDialog({ state, progress, fileName, error, isOpen, onOpenChange }: UploadDialogProps) {
  const { t } = useLingui();
  const busy = state === 'uploading' || state === 'processing';
  const value = Math.max(0, Math.min(100, Number.isFinite(progress) ? progress : 0));
  const title = {
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
      onOpenChange={(open) => {
        if (!open && busy) return;
        onOpenChange(open);
      }}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      footer={busy ? undefined : ({ close }) => <Button onPress={close}>{t`Close`}</Button>}
    >
      <div className={styles.body}>
        {fileName ? (
          <Text size="sm" tone="muted">
            {fileName}
          </Text>
        ) : null}
        {state === 'error' ? (
          <Alert tone="danger">{error || t`Failed to upload file`}</Alert>
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
