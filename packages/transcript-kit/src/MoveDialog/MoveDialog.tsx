import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { Alert, Button, Dialog, Form, Text } from '@scribe/ui';
import { FolderIcon } from '@scribe/ui/icons';
import { useEffect, useMemo, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { busyDialogProps, whileBusy } from '../dialog/busy.ts';
import { moveTargets, moveTargetsForMany, nodeKey, type MoveTarget } from '../tree/treeOps.ts';
import type { TreeNode } from '../types.ts';
import * as styles from './MoveDialog.css.ts';

export interface MoveDialogProps {
  /** The whole tree, to list every folder (plus the top level) as a place to go. */
  items: TreeNode[];
  /** The folder or transcript being moved; null keeps the dialog closed (unless `many` is given). */
  node: TreeNode | null;
  /** Several transcripts moved together (a selection), named by `label` (e.g. '3 transcripts'); used instead of `node`. */
  many?: { transcriptIds: readonly number[]; label: string } | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Gets the chosen folder (null: the top level). A returned promise keeps the dialog busy; it closes
   * when the promise resolves and shows the message of an Error it rejects with.
   */
  onMove: (folderId: number | null) => Promise<void> | void;
  /** Levels of folder nesting allowed (the server's limit), so too deep targets are disabled. */
  maxDepth?: number;
}

/**
 * 'Move to…': the keyboard's and the phone's way to move a transcript or folder (dragging is the
 * mouse's). Lists the top level and every folder; a folder itself, its subfolders, the current place
 * and (for folders) places too deep are shown but disabled, with the reason.
 */
function MoveDialogView({ items, node, many, isOpen, onOpenChange, onMove, maxDepth }: MoveDialogProps) {
  const { t } = useLingui();
  const [isPending, setPending] = useState(false);
  const name = many ? many.label : (node?.name ?? '');
  const subject = many ?? node;
  return (
    <Dialog title={t`Move to…`} size="sm" isOpen={isOpen && !!subject} {...busyDialogProps(isPending, onOpenChange)}>
      {({ close }) =>
        subject ? (
          <MoveForm
            key={many ? `many:${many.transcriptIds.join(',')}` : nodeKey(node!)}
            items={items}
            node={many ? null : node}
            manyIds={many?.transcriptIds}
            name={name}
            maxDepth={maxDepth}
            onMove={onMove}
            onPendingChange={setPending}
            onCancel={close}
            onDone={() => onOpenChange(false)}
          />
        ) : null
      }
    </Dialog>
  );
}

interface MoveFormProps {
  items: TreeNode[];
  node: TreeNode | null;
  manyIds?: readonly number[];
  name: string;
  maxDepth?: number;
  onMove: (folderId: number | null) => Promise<void> | void;
  onPendingChange: (pending: boolean) => void;
  onCancel: () => void;
  onDone: () => void;
}

const ROOT_VALUE = 'root';
const valueOf = (target: MoveTarget) => (target.folderId === null ? ROOT_VALUE : String(target.folderId));

function MoveForm({ items, node, manyIds, name, maxDepth, onMove, onPendingChange, onCancel, onDone }: MoveFormProps) {
  const { t } = useLingui();
  const targets = useMemo(
    () => (manyIds ? moveTargetsForMany(items, manyIds) : node ? moveTargets(items, node, { maxDepth }) : []),
    [items, node, manyIds, maxDepth],
  );
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  useEffect(() => () => onPendingChange(false), [onPendingChange]);

  const chosen = targets.find((target) => valueOf(target) === value && target.check === 'ok');
  const reason = (target: MoveTarget): string | null => {
    if (target.check === 'unchanged') return t`current location`;
    if (target.check === 'into-itself') return t`cannot move a folder into itself or its subfolders`;
    if (target.check === 'too-deep') return t`too deeply nested`;
    if (target.check === 'not-found') return t`not available`;
    return null;
  };

  const setBusy = (busy: boolean) => {
    setPending(busy);
    onPendingChange(busy);
  };

  const submit = async () => {
    if (!chosen) {
      setError(t`Choose where to move it`);
      return;
    }
    setError(null);
    try {
      await whileBusy(onMove(chosen.folderId), setBusy);
      onDone();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t`The move failed`);
    }
  };

  return (
    <Form onSubmit={() => void submit()}>
      <RadioGroup
        className={styles.group}
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        isDisabled={isPending}
      >
        <Label className={styles.label}>{t`Move “${name}” to`}</Label>
        <div className={styles.list}>
          {targets.map((target) => {
            const why = reason(target);
            const label = target.folderId === null ? t`Top level (no folder)` : target.name;
            return (
              <Radio
                key={valueOf(target)}
                value={valueOf(target)}
                isDisabled={target.check !== 'ok'}
                className={styles.option}
                style={{ paddingInlineStart: `calc(${target.depth} * 16px + 8px)` }}
                aria-label={why ? `${label} (${why})` : label}
              >
                <span className={styles.radioMark} aria-hidden="true" />
                <span className={styles.icon} aria-hidden="true">
                  <FolderIcon />
                </span>
                <span className={styles.name}>{label}</span>
                {why ? <span className={styles.reason}>{why}</span> : null}
              </Radio>
            );
          })}
        </div>
      </RadioGroup>
      {targets.every((target) => target.check !== 'ok') ? (
        <Text size="sm" tone="muted">{t`There is no other place to move it to. Create a folder first.`}</Text>
      ) : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className={styles.actions}>
        <Button onPress={onCancel} isDisabled={isPending}>
          {t`Cancel`}
        </Button>
        <Button type="submit" variant="primary" isPending={isPending}>
          {t`Move`}
        </Button>
      </div>
    </Form>
  );
}

export const MoveDialog = withKitProvider(MoveDialogView, 'MoveDialog');
