import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { Alert, Button, Dialog, Form, Text, TextField } from '@scribe/ui';
import { useEffect, useRef, useState } from 'react';
import { busyDialogProps, whileBusy } from '../dialog/busy.ts';
import * as styles from './FolderDialog.css.ts';

export interface FolderDialogProps {
  /** 'create' a folder (or a subfolder, with parentName) or 'edit' (rename) one. */
  mode: 'create' | 'edit';
  /** The current name when renaming. */
  initialName?: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Gets the trimmed, non-blank name. The dialog shows a pending state while a returned promise runs,
   * closes when it resolves, and shows the message of an Error it rejects with (the server's error).
   */
  onSubmit: (name: string) => Promise<void> | void;
  /** Creating inside this folder ('New Subfolder'). */
  parentName?: string;
}

/** The create / rename folder dialog: 'Please enter a folder name' for a blank name, server errors inline. */
function FolderDialogView({ mode, initialName, isOpen, onOpenChange, onSubmit, parentName }: FolderDialogProps) {
  const { t } = useLingui();
  const [isPending, setPending] = useState(false);
  const title = mode === 'edit' ? t`Rename Folder` : parentName ? t`New Subfolder` : t`New Folder`;
  return (
    <Dialog title={title} size="sm" isOpen={isOpen} {...busyDialogProps(isPending, onOpenChange)}>
      {/* Mounted per opening, so every opening starts from initialName with no old error. */}
      {({ close }) => (
        <FolderForm
          mode={mode}
          initialName={initialName ?? ''}
          parentName={parentName}
          onSubmit={onSubmit}
          onPendingChange={setPending}
          onCancel={close}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

interface FolderFormProps {
  mode: 'create' | 'edit';
  initialName: string;
  parentName?: string;
  onSubmit: (name: string) => Promise<void> | void;
  onPendingChange: (pending: boolean) => void;
  onCancel: () => void;
  onDone: () => void;
}

function FolderForm({ mode, initialName, parentName, onSubmit, onPendingChange, onCancel, onDone }: FolderFormProps) {
  const { t } = useLingui();
  const [name, setName] = useState(initialName);
  const [invalid, setInvalid] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const fieldRef = useRef<HTMLDivElement>(null);
  // The field is disabled while the request runs, which drops its focus: after a server error, put the
  // cursor back so the user can correct the name at once.
  useEffect(() => {
    if (serverError) fieldRef.current?.querySelector('input')?.focus();
  }, [serverError]);
  // If the app closes the dialog mid-request, the next opening must not start out busy.
  useEffect(() => () => onPendingChange(false), [onPendingChange]);

  const setBusy = (busy: boolean) => {
    setPending(busy);
    onPendingChange(busy);
  };

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setInvalid(true);
      return;
    }
    setServerError(null);
    try {
      // Busy only while a returned promise runs: a synchronous handler closes the dialog at once.
      await whileBusy(onSubmit(trimmed), setBusy);
      onDone();
    } catch (error) {
      setServerError(
        error instanceof Error && error.message ? error.message : mode === 'edit' ? t`Failed to update folder` : t`Failed to create folder`,
      );
    }
  };

  return (
    <Form onSubmit={() => void submit()}>
      {parentName ? (
        <Text size="sm" tone="muted">
          {t`Inside ${parentName}`}
        </Text>
      ) : null}
      <div ref={fieldRef} className={styles.fieldSlot}>
        <TextField
          label={t`Folder name`}
          name="name"
          value={name}
          onChange={(value) => {
            setName(value);
            if (invalid && value.trim()) setInvalid(false);
          }}
          isInvalid={invalid}
          errorMessage={t`Please enter a folder name`}
          isRequired
          isDisabled={isPending}
          autoFocus
          autoComplete="off"
        />
      </div>
      {serverError ? <Alert tone="danger">{serverError}</Alert> : null}
      <div className={styles.actions}>
        <Button onPress={onCancel} isDisabled={isPending}>
          {t`Cancel`}
        </Button>
        <Button type="submit" variant="primary" isPending={isPending}>
          {mode === 'edit' ? t`Save` : t`Create`}
        </Button>
      </div>
    </Form>
  );
}

export const FolderDialog = withKitProvider(FolderDialogView, 'FolderDialog');
