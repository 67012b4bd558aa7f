// The save status line at the end of the editor's bar: its own component because it keeps its own
// announcement state, apart from the editor's edits.
import { useLingui } from '@lingui/react/macro';
import { Button, VisuallyHidden } from '@scribe/ui';
import { useEffect, useState } from 'react';
import * as styles from './TranscriptEditor.css.ts';
import type { SaveState } from './types.ts';

/** The status line: saving, saved, offline, conflict (with Reload / Keep my text) or an error. */
export function SaveStatus({
  state,
  error,
  onReload,
  onKeepMine,
}: {
  state: SaveState;
  error?: string;
  onReload?: () => void;
  onKeepMine?: () => void;
}) {
  const { t } = useLingui();
  const text =
    state === 'saving'
      ? t`Saving…`
      : state === 'saved'
        ? t`All changes saved`
        : state === 'offline'
          ? t`Offline: changes are kept on this device`
          : state === 'conflict'
            ? t`Conflict: this transcript was changed elsewhere.`
            : state === 'error'
              ? error || t`Changes could not be saved.`
              : '';
  // Announced once per change of state, and 'Saving…' not at all: an autosave every few seconds must
  // not talk over the user's listening.
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    if (state !== 'saving' && state !== 'idle') setSpoken(text);
  }, [state, text]);
  if (!text && !spoken) return null;
  return (
    <div className={styles.status}>
      <span
        className={state === 'conflict' || state === 'error' ? styles.statusConflict : undefined}
        aria-hidden="true"
        data-status-text=""
      >
        {text}
      </span>
      <VisuallyHidden>
        <span role="status">{spoken}</span>
      </VisuallyHidden>
      {state === 'conflict' ? (
        <>
          {onReload ? (
            <Button size="sm" onPress={onReload}>
              {t`Reload`}
            </Button>
          ) : null}
          {onKeepMine ? (
            <Button size="sm" variant="primary" onPress={onKeepMine}>
              {t`Keep my text`}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
