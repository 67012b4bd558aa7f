// The field that edits one row's text in place, with its keys (Enter, Escape, Shift+Enter, Delete at the
// end). Its own component because the draft lives here: typing re-renders this field only, not the list.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { TextArea, TextField } from 'react-aria-components';
import { EDIT_LIMITS } from '../transcript/editing.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import type { RowActions } from '../segmentList/rowActions.ts';
import { matchEditingKey } from './shortcuts.ts';
import * as styles from './TranscriptEditor.css.ts';

/** The edit field of one row. Its draft stays here: typing re-renders this row only. */
export function EditField({ index, segment, actions }: { index: number; segment: TranscriptSegment; actions: RowActions }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(segment.text.trim());
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  const errorId = useId();
  const hintId = useId();

  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);

  const finish = (how: 'save' | 'blur') => {
    if (done.current) return;
    const problem = actions.finishEdit(index, draft, how);
    if (problem) setError(problem);
    else done.current = true;
  };

  return (
    <TextField
      aria-label={t`Segment text`}
      value={draft}
      onChange={(value) => {
        setDraft(value);
        if (error) setError(null);
      }}
      isInvalid={error !== null}
      maxLength={EDIT_LIMITS.segmentTextMaxChars}
    >
      <TextArea
        ref={ref}
        className={styles.textArea}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        onKeyDown={(event) => {
          const key = matchEditingKey(event);
          const field = event.currentTarget;
          if (key === 'save') {
            event.preventDefault();
            finish('save');
          } else if (key === 'cancel') {
            event.preventDefault();
            done.current = true;
            actions.cancelEdit(index);
          } else if (key === 'split') {
            event.preventDefault();
            done.current = true;
            done.current = actions.splitEdit(index, field.value, field.selectionStart);
          } else if (key === 'mergeAtEnd' && field.selectionStart === field.value.length && field.selectionEnd === field.value.length) {
            event.preventDefault();
            done.current = true;
            actions.mergeEdit(index, field.value);
          }
          // Typing stays here: no editor shortcut sees these keys.
          event.stopPropagation();
        }}
        onBlur={() => finish('blur')}
      />
      <span id={hintId} className={styles.editHint}>
        {t`Enter saves, Escape cancels, Shift+Enter splits at the cursor.`}
      </span>
      {error ? (
        <span id={errorId} className={styles.editError} role="alert">
          {error}
        </span>
      ) : null}
    </TextField>
  );
}
