import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../Button/Button.tsx';
import { Dialog } from '../Dialog/Dialog.tsx';

export interface ConfirmDialogProps {
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  /** Called on confirm; the dialog then closes through onOpenChange(false). */
  onConfirm: () => void;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  variant?: 'danger' | 'default';
  /** Shows the confirm button as busy. */
  isPending?: boolean;
}

/** An alertdialog asking to confirm a consequential action; the safe choice (Cancel) gets focus first. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  isOpen,
  onOpenChange,
  variant = 'default',
  isPending,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={false}
      footer={({ close }) => (
        <>
          <Button onPress={close} isDisabled={isPending}>
            {cancelLabel ?? t`Cancel`}
          </Button>
          <Button
            variant={variant === 'danger' ? 'danger' : 'primary'}
            isPending={isPending}
            onPress={() => {
              onConfirm();
              close();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      )}
    >
      {message}
    </Dialog>
  );
}
