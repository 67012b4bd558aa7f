import { useLingui } from '@lingui/react/macro';
import { KIT_ROOT_CLASS, Button, TextField, useThemeCarrier } from '@scribe/ui';
import { useState, type FormEvent, type RefObject } from 'react';
import { Dialog, Heading, Popover } from 'react-aria-components';
import { EDIT_LIMITS, speakerNames, validateSpeakerName, type NameProblem } from '../transcript/editing.ts';
import { numberedSpeaker, speakerColorIndex, type TranscriptSegment } from '../transcript/segments.ts';
import { useSpeakerLabel } from '../transcript/useSpeakerLabel.ts';
import * as rowStyles from '../segmentList/rows.css.ts';
import * as styles from './TranscriptEditor.css.ts';

export interface SpeakerPopoverProps {
  /** The speaker label that opened it (focus returns there). */
  triggerRef: RefObject<HTMLElement>;
  /** The segment's speaker. */
  speaker: string;
  segments: readonly TranscriptSegment[];
  onClose: () => void;
  /** Rename every segment of `from` to `to` (validated: 1..100 characters). */
  onRename: (from: string, to: string) => void;
  /** This segment is spoken by `name` (another existing speaker or a new one). */
  onAssign: (name: string) => void;
}

/**
 * A speaker label's popover: rename this speaker everywhere (one step), or assign just this segment to
 * another existing speaker or a new one.
 */
export function SpeakerPopover({ triggerRef, speaker, segments, onClose, onRename, onAssign }: SpeakerPopoverProps) {
  const { t } = useLingui();
  const shown = useSpeakerLabel();
  // A name to give, not the generic one to edit.
  const [name, setName] = useState(speaker === '' || numberedSpeaker(speaker) !== null ? '' : speaker);
  const [nameProblem, setNameProblem] = useState<NameProblem | null>(null);
  const [newName, setNewName] = useState('');
  const [newProblem, setNewProblem] = useState<NameProblem | null>(null);
  const others = speakerNames(segments).filter((n) => n !== speaker);
  const problemText = (problem: NameProblem | null) =>
    problem === 'required'
      ? t`Enter a name.`
      : problem === 'too_long'
        ? t`A name can have at most ${EDIT_LIMITS.speakerMaxChars} characters.`
        : undefined;

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSpeakerName(name);
    setNameProblem(problem);
    if (!problem) onRename(speaker, name.trim());
  };
  const assignNew = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSpeakerName(newName);
    setNewProblem(problem);
    if (!problem) onAssign(newName.trim());
  };

  // Portaled to <body>: it takes the speaker label's theme (a host container's values, dark, rtl).
  const carryTheme = useThemeCarrier(triggerRef);
  return (
    <Popover
      ref={carryTheme}
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => (open ? null : onClose())}
      placement="bottom start"
      className={`${KIT_ROOT_CLASS} ${styles.popover}`}
    >
      <Dialog className={styles.popoverDialog} aria-label={t`Speaker ${shown(speaker)}`}>
        <Heading slot="title" className={styles.popoverHeading}>
          {shown(speaker)}
        </Heading>
        <form className={styles.popoverSection} onSubmit={rename} noValidate>
          <TextField
            label={t`Rename this speaker everywhere`}
            value={name}
            onChange={(value) => {
              setName(value);
              setNameProblem(null);
            }}
            isInvalid={nameProblem !== null}
            errorMessage={problemText(nameProblem)}
            autoFocus
          />
          <div>
            <Button type="submit" size="sm" variant="primary">
              {t`Rename`}
            </Button>
          </div>
        </form>
        <div className={styles.popoverSection} role="group" aria-label={t`Assign this segment to`}>
          <p className={styles.popoverHeading}>{t`Assign this segment to`}</p>
          {others.length > 0 ? (
            <ul className={styles.speakerChoices}>
              {others.map((other) => (
                <li key={other}>
                  <button
                    type="button"
                    className={`${rowStyles.speakerBadge[speakerColorIndex(other)]} ${rowStyles.speakerButton}`}
                    onClick={() => onAssign(other)}
                  >
                    {shown(other)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <form className={styles.popoverSection} onSubmit={assignNew} noValidate>
            <TextField
              label={t`New speaker`}
              value={newName}
              onChange={(value) => {
                setNewName(value);
                setNewProblem(null);
              }}
              isInvalid={newProblem !== null}
              errorMessage={problemText(newProblem)}
            />
            <div>
              <Button type="submit" size="sm">
                {t`Assign`}
              </Button>
            </div>
          </form>
        </div>
      </Dialog>
    </Popover>
  );
}
