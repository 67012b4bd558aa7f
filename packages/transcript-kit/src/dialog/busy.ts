// What the library's dialogs share while a job runs (saving, moving, uploading, recording).

/**
 * Dialog props that keep a busy dialog open: Escape, outside clicks and closing are ignored, so the
 * user does not lose track of the job.
 */
export function busyDialogProps(isBusy: boolean, onOpenChange: (isOpen: boolean) => void) {
  return {
    onOpenChange: (open: boolean) => {
      if (!open && isBusy) return;
      onOpenChange(open);
    },
    isDismissable: !isBusy,
    isKeyboardDismissDisabled: isBusy,
  };
}

/**
 * Waits for a handler's result, busy only while a returned promise runs: a synchronous handler
 * finishes at once. A rejection is passed on, after the busy state has ended.
 */
export async function whileBusy(result: Promise<void> | void, setBusy: (busy: boolean) => void): Promise<void> {
  if (!result || typeof result.then !== 'function') return;
  setBusy(true);
  try {
    await result;
  } finally {
    setBusy(false);
  }
}
