import { useLingui } from '@lingui/react/macro';
import { editLimits } from '@scribe/api-client';
import { Alert, Button, Dialog, Form, TextField } from '@scribe/ui';
import { useState } from 'react';
import * as styles from './editing.css.ts';

export interface RenameTranscriptDialogProps {
  initialTitle: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Gets the trimmed title; the dialog stays busy while it runs and shows the message it rejects with. */
  onSubmit: (title: string) => Promise<void>;
}

/** The tree's 'Rename' of a transcript: its title, checked like the server checks it. */
export function RenameTranscriptDialog({ initialTitle, isOpen, onOpenChange, onSubmit }: RenameTranscriptDialogProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={t`Rename transcript`} size="sm" isOpen={isOpen} onOpenChange={(open) => !busy && onOpenChange(open)}>
      {({ close }) => (
        <RenameForm initialTitle={initialTitle} onSubmit={onSubmit} onBusy={setBusy} onCancel={close} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function RenameForm({
  initialTitle,
  onSubmit,
  onBusy,
  onCancel,
  onDone,
}: {
  initialTitle: string;
  onSubmit: (title: string) => Promise<void>;
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [title, setTitle] = useState(initialTitle);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const max = editLimits.titleMaxChars;

  const submit = async () => {
    const trimmed = title.trim();
    if (!trimmed) return setInvalid(t`Please enter a title`);
    if (trimmed.length > max) return setInvalid(t`Title must be at most ${max} characters long`);
    if (trimmed === initialTitle) return onDone();
    setServerError(null);
    setPending(true);
    onBusy(true);
    try {
      await onSubmit(trimmed);
      onDone();
    } catch (error) {
      setServerError(error instanceof Error && error.message ? error.message : t`Failed to rename transcript`);
    } finally {
      setPending(false);
      onBusy(false);
    }
  };

  return (
    <Form onSubmit={() => void submit()}>
      <TextField
        label={t`Title`}
        name="title"
        value={title}
        onChange={(value) => {
          setTitle(value);
          if (invalid) setInvalid(null);
        }}
        isInvalid={invalid !== null}
        errorMessage={invalid ?? undefined}
        isRequired
        isDisabled={pending}
        autoFocus
        autoComplete="off"
      />
      {serverError ? <Alert tone="danger">{serverError}</Alert> : null}
      <div className={styles.dialogActions}>
        <Button onPress={onCancel} isDisabled={pending}>
          {t`Cancel`}
        </Button>
        <Button type="submit" variant="primary" isPending={pending}>
          {t`Save`}
        </Button>
      </div>
    </Form>
  );
}
