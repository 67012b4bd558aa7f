import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { folderLimits, type TranscriptExportFormat } from '@scribe/api-client';
import { MoveDialog, type TreeNode } from '@scribe/transcript-kit';
import { Button, ConfirmDialog, Menu, MenuItem, MenuTrigger } from '@scribe/ui';
import { useState } from 'react';
import { Toolbar } from 'react-aria-components';
import { canRetryAll, chosenTranscripts, countText, useBulkActions } from '../data/bulk.ts';
import * as styles from './workspace.css.ts';

const counted = {
  selected: msg({ message: '{count, plural, one {# transcript selected} other {# transcripts selected}}' }),
  many: msg({ message: '{count, plural, one {# transcript} other {# transcripts}}' }),
  confirm: msg({
    message: '{count, plural, one {Delete # transcript? This cannot be undone.} other {Delete # transcripts? This cannot be undone.}}',
  }),
};

/**
 * The library's selection mode: what can be done with the checked transcripts at once (move, export
 * as a zip, re-run a failed transcription, delete), each one request for all of them.
 */
export function BulkBar({
  tree,
  checkedIds,
  onDone,
  onDeleted,
}: {
  tree: readonly TreeNode[];
  checkedIds: ReadonlySet<number>;
  /** The checked transcripts changed on the server: clears the choice. */
  onDone: () => void;
  onDeleted: (ids: number[]) => void;
}) {
  const { t, i18n } = useLingui();
  const actions = useBulkActions();
  const chosen = chosenTranscripts(tree, checkedIds);
  const ids = chosen.map((node) => node.id);
  const count = ids.length;
  const [moving, setMoving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const none = count === 0 || busy;
  const run = async (work: () => Promise<boolean | void>) => {
    setBusy(true);
    try {
      if ((await work()) !== false) onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Toolbar className={styles.bulkBar} aria-label={t`Selected transcripts`}>
        <span className={styles.bulkCount} role="status">
          {countText(i18n, counted.selected, count)}
        </span>
        <Button size="sm" isDisabled={none} onPress={() => setMoving(true)}>
          {t`Move to…`}
        </Button>
        <MenuTrigger>
          <Button size="sm" isDisabled={none}>
            {t`Export`}
          </Button>
          <Menu
            aria-label={t`Export the selected transcripts`}
            onAction={(key) => void run(() => actions.exportZip(ids, String(key) as TranscriptExportFormat))}
          >
            <MenuItem id="pdf">PDF</MenuItem>
            <MenuItem id="docx">{t`Word (DOCX)`}</MenuItem>
            <MenuItem id="txt">{t`Text (TXT)`}</MenuItem>
            <MenuItem id="srt">{t`SRT (subtitles)`}</MenuItem>
            <MenuItem id="vtt">{t`WebVTT (subtitles)`}</MenuItem>
          </Menu>
        </MenuTrigger>
        {canRetryAll(chosen) ? (
          <Button size="sm" isDisabled={none} onPress={() => void run(() => actions.retry(ids))}>
            {t`Re-run transcription`}
          </Button>
        ) : null}
        <Button size="sm" variant="danger" isDisabled={none} onPress={() => setDeleting(true)}>
          {t`Delete`}
        </Button>
      </Toolbar>
      <MoveDialog
        items={tree as TreeNode[]}
        node={null}
        many={moving ? { transcriptIds: ids, label: countText(i18n, counted.many, count) } : null}
        isOpen={moving}
        maxDepth={folderLimits.depthMax}
        onOpenChange={setMoving}
        onMove={async (folderId) => {
          await actions.move(ids, folderId);
          onDone();
        }}
      />
      <ConfirmDialog
        isOpen={deleting}
        onOpenChange={setDeleting}
        variant="danger"
        title={t`Delete transcripts`}
        message={countText(i18n, counted.confirm, count)}
        confirmLabel={t`Delete`}
        onConfirm={() =>
          void run(async () => {
            const removed = await actions.remove(ids);
            if (removed) onDeleted(ids);
            return removed;
          })
        }
      />
    </>
  );
}
