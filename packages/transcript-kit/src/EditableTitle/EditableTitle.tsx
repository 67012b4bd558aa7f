import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { KIT_ROOT_CLASS, Button, TextField } from '@scribe/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EDIT_LIMITS, validateTitle, type NameProblem } from '../transcript/editing.ts';
import * as styles from './EditableTitle.css.ts';

export interface EditableTitleProps {
  /** The current title. */
  title: string;
  /** A valid new title (trimmed, 1..200 characters, changed). The app saves it. */
  onRename: (title: string) => void;
  /** The heading's level (2 by default, as the viewer's heading). */
  level?: 2 | 3;
  isDisabled?: boolean;
}

/**
 * A heading with a 'Rename' button that turns it into a text field: Enter saves, Escape cancels, and the
 * title must have 1 to 200 characters. Focus comes back to 'Rename' afterwards.
 */
function EditableTitleView({ title, onRename, level = 2, isDisabled = false }: EditableTitleProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const [problem, setProblem] = useState<NameProblem | null>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const H = level === 3 ? 'h3' : 'h2';

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      renameRef.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
    setProblem(null);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTitle(draft);
    setProblem(found);
    if (found) return;
    if (draft.trim() !== title) onRename(draft.trim());
    close();
  };

  if (!editing)
    return (
      <div className={`${KIT_ROOT_CLASS} ${styles.root}`}>
        <H className={styles.heading}>{title}</H>
        <Button
          ref={renameRef}
          size="sm"
          variant="ghost"
          isDisabled={isDisabled}
          aria-label={t`Rename transcript`}
          onPress={() => {
            setDraft(title);
            setEditing(true);
          }}
        >
          {t`Rename`}
        </Button>
      </div>
    );

  return (
    <form className={`${KIT_ROOT_CLASS} ${styles.form}`} onSubmit={save} noValidate>
      <div
        className={styles.field}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          event.stopPropagation();
          close();
        }}
      >
        <TextField
          label={t`Transcript title`}
          value={draft}
          onChange={(value) => {
            setDraft(value);
            setProblem(null);
          }}
          isInvalid={problem !== null}
          errorMessage={
            problem === 'required'
              ? t`Enter a title.`
              : problem === 'too_long'
                ? t`A title can have at most ${EDIT_LIMITS.titleMaxChars} characters.`
                : undefined
          }
          autoFocus
        />
      </div>
      <div className={styles.buttons}>
        <Button type="submit" size="sm" variant="primary">
          {t`Save`}
        </Button>
        <Button size="sm" onPress={close}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}

export const EditableTitle = withKitProvider(EditableTitleView, 'EditableTitle');
