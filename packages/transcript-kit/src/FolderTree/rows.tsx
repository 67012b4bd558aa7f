import { useLingui } from '@lingui/react/macro';
import { IconButton, Menu, MenuItem, MenuTrigger, Spinner } from '@scribe/ui';
import { Children, createContext, memo, useContext, useRef, type ReactNode } from 'react';
import { Button as RACButton, Checkbox as RACCheckbox, Collection, TreeItem, TreeItemContent, type Key } from 'react-aria-components';
import { AlertIcon, ChevronIcon, DragHandleIcon, FolderIcon, MoreIcon, TranscriptIcon } from '@scribe/ui/icons';
import { nodeKey } from '../tree/treeOps.ts';
import type { FolderNode, TranscriptNode, TreeKey, TreeNode } from '../types.ts';
import * as styles from './FolderTree.css.ts';
import { formatClock } from '../media/time.ts';
import { useTruncated } from '../text/useTruncated.ts';

// The tree's rows (folder and transcript), their menus and the contexts FolderTree feeds them through.
export type Handlers = {
  toggle: (folder: FolderNode) => void;
  select: (id: number) => void;
  onRenameFolder?: (folder: FolderNode) => void;
  onRenameTranscript?: (transcript: TranscriptNode) => void;
  onShareTranscript?: (transcript: TranscriptNode) => void;
  onCreateFolder?: (parentId: number | null) => void;
  askDelete: (node: TreeNode) => void;
  /** Opens 'Move to…'; null before the first render set it. */
  askMove: ((node: TreeNode) => void) | null;
};
export type HandlersRef = { readonly current: Handlers };

/** The tree's handlers (a ref that never changes, so reading it re-renders nothing). */
export const HandlersContext = createContext<HandlersRef | null>(null);
/** Transcripts spinning now: read by the rows in the page only, so a change re-renders those. */
export const ProcessingContext = createContext<ReadonlySet<number>>(new Set());

export type BranchContextValue = { expanded: ReadonlySet<TreeKey>; renderNode: (node: TreeNode) => ReactNode };
/** What a folder's children read while react-aria builds its collection. */
export const BranchContext = createContext<BranchContextValue | null>(null);

/** The grip: react-aria's slot="drag" button, the keyboard's way to pick a row up. */
function DragHandle({ draggable }: { draggable: boolean }) {
  if (!draggable) return <span className={styles.dragPlaceholder} />;
  return (
    <RACButton slot="drag" className={styles.dragHandle}>
      <DragHandleIcon />
    </RACButton>
  );
}

/** Which row menu items a folder offers (each needs the app's callback). */
export interface FolderCapabilities {
  move: boolean;
  rename: boolean;
  create: boolean;
  delete: boolean;
}

/** Which row menu items a transcript offers (each needs the app's callback). */
export interface TranscriptCapabilities {
  move: boolean;
  rename: boolean;
  share: boolean;
  delete: boolean;
}

interface FolderRowProps {
  /** The collection id (also read by react-aria's item cache, which keys rows by it). */
  id: TreeKey;
  folder: FolderNode;
  draggable: boolean;
  can: FolderCapabilities;
}

export function FolderRow({ id, folder, draggable, can }: FolderRowProps) {
  const handlers = useContext(HandlersContext)!;
  return (
    <TreeItem
      id={id}
      textValue={folder.name}
      hasChildItems={folder.children.length > 0}
      className={styles.row}
      onAction={() => {
        if (folder.children.length > 0) handlers.current.toggle(folder);
      }}
    >
      <TreeItemContent>
        {({ hasChildItems, isExpanded }) => (
          <FolderRowContent folder={folder} draggable={draggable} can={can} hasChildItems={hasChildItems} isExpanded={isExpanded} />
        )}
      </TreeItemContent>
      <FolderChildren folder={folder} />
    </TreeItem>
  );
}

/**
 * Only open folders put their children into the collection: a closed folder with 1,000 transcripts costs
 * nothing. A closed one gets a stand-in child instead, the one workaround kept: react-aria-components
 * 1.22.1 (the newest release) passes TreeItem's hasChildItems to the render props but not to useTreeItem,
 * which derives aria-expanded and Right-arrow expansion from the children in the collection alone.
 */
function FolderChildren({ folder }: { folder: FolderNode }) {
  const { expanded, renderNode } = useContext(BranchContext)!;
  const key = nodeKey(folder);
  if (expanded.has(key)) return <Collection items={folder.children}>{renderNode}</Collection>;
  return folder.children.length > 0 ? <StandIn folderKey={key} name={folder.name} /> : null;
}

/**
 * Never shown as a row of its own (its folder is closed); it only tells react-aria the folder has children.
 * Memoised: re-rendering it would hand react-aria new props and so a new collection node.
 */
const StandIn = /*#__PURE__*/ memo(function StandIn({ folderKey, name }: { folderKey: TreeKey; name: string }) {
  return (
    <TreeItem id={`placeholder:${folderKey}`} textValue={name} isDisabled>
      <TreeItemContent>{null}</TreeItemContent>
    </TreeItem>
  );
});

function FolderRowContent({
  folder,
  draggable,
  can,
  hasChildItems,
  isExpanded,
}: Omit<FolderRowProps, 'id'> & { hasChildItems: boolean; isExpanded: boolean }) {
  const { t } = useLingui();
  const handlers = useContext(HandlersContext)!;
  const name = folder.name;
  return (
    <>
      <DragHandle draggable={draggable} />
      {hasChildItems ? (
        <RACButton slot="chevron" className={styles.chevron}>
          <ChevronIcon />
        </RACButton>
      ) : (
        <span className={styles.chevronSpacer} />
      )}
      <span className={styles.nodeIcon}>
        <FolderIcon open={isExpanded} />
      </span>
      <RowName name={name} className={styles.name} />
      <RowMenu
        name={name}
        onAction={(action) => {
          if (action === 'rename') handlers.current.onRenameFolder?.(folder);
          else if (action === 'new-subfolder') handlers.current.onCreateFolder?.(folder.id);
          else if (action === 'move') handlers.current.askMove?.(folder);
          else if (action === 'delete') handlers.current.askDelete(folder);
        }}
      >
        {can.rename ? <MenuItem id="rename">{t`Rename`}</MenuItem> : null}
        {can.create ? <MenuItem id="new-subfolder">{t`New Subfolder`}</MenuItem> : null}
        {can.move ? <MenuItem id="move">{t`Move to…`}</MenuItem> : null}
        {can.delete ? <MenuItem id="delete">{t`Delete`}</MenuItem> : null}
      </RowMenu>
    </>
  );
}

interface TranscriptRowProps {
  /** The collection id (also read by react-aria's item cache, which keys rows by it). */
  id: TreeKey;
  transcript: TranscriptNode;
  draggable: boolean;
  can: TranscriptCapabilities;
  /** The selection mode: a checkbox, and a press checks the row instead of opening it. */
  selecting?: boolean;
}

export function TranscriptRow({ id, transcript, draggable, can, selecting = false }: TranscriptRowProps) {
  const handlers = useContext(HandlersContext)!;
  return (
    <TreeItem
      id={id}
      textValue={transcript.name}
      className={styles.row}
      onAction={selecting ? undefined : () => handlers.current.select(transcript.id)}
    >
      <TreeItemContent>
        <TranscriptRowContent transcript={transcript} draggable={draggable} can={can} selecting={selecting} />
      </TreeItemContent>
    </TreeItem>
  );
}

/**
 * A row's name, with its full text in a box shown while the row is hovered or focused, when the panel
 * cuts the name off (measured whenever the name's width changes).
 */
function RowName({ name, className }: { name: string; className: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const truncated = useTruncated(ref, name);
  return (
    <>
      <span ref={ref} className={className} title={truncated ? name : undefined}>
        {name}
      </span>
      {/* The text comes from the attribute (CSS content): no second copy of the name among the row's text. */}
      <span className={styles.fullName} data-full-name={name} data-truncated={truncated || undefined} aria-hidden="true" />
    </>
  );
}

function TranscriptRowContent({ transcript, draggable, can, selecting = false }: Omit<TranscriptRowProps, 'id'>) {
  const { t, i18n } = useLingui();
  const handlers = useContext(HandlersContext)!;
  const isProcessing = useContext(ProcessingContext).has(transcript.id) || transcript.status === 'processing';
  const name = transcript.name;
  const created = new Date(transcript.createdAt);
  const hasDate = !Number.isNaN(created.getTime());
  const duration = typeof transcript.duration === 'number' && transcript.duration > 0 ? formatClock(transcript.duration) : null;
  // Short on the row (day and month; the year only when it is not this one), in full in its tooltip.
  const sameYear = hasDate && created.getFullYear() === new Date().getFullYear();
  const shortDate = hasDate
    ? i18n.date(created, sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' })
    : null;
  const fullDate = hasDate ? i18n.date(created, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const meta = [shortDate, duration].filter(Boolean).join(' · ');
  const metaTitle = [fullDate, duration ? t`Duration ${duration}` : null].filter(Boolean).join(' · ');
  return (
    <>
      <DragHandle draggable={draggable} />
      {selecting ? (
        // react-aria's selection checkbox of the row (its name and state come from the tree).
        <RACCheckbox slot="selection" className={styles.checkbox}>
          {({ isSelected }) => (
            <span className={styles.checkboxBox} aria-hidden="true">
              {isSelected ? (
                <svg viewBox="0 0 12 12" className={styles.checkboxMark}>
                  <polyline points="2.5 6.5 5 9 9.5 3.5" />
                </svg>
              ) : null}
            </span>
          )}
        </RACCheckbox>
      ) : (
        <span className={styles.chevronSpacer} />
      )}
      <span className={styles.nodeIcon}>
        <TranscriptIcon />
      </span>
      <RowName name={name} className={meta ? `${styles.name} ${styles.transcriptName}` : styles.name} />
      {meta ? (
        <span className={styles.meta} title={metaTitle}>
          {meta}
        </span>
      ) : null}
      {isProcessing ? (
        <span className={styles.status}>
          <Spinner size="sm" aria-label={t`Processing`} />
        </span>
      ) : transcript.status === 'error' ? (
        <span className={`${styles.status} ${styles.errorIcon}`} role="img" aria-label={t`Transcription failed`}>
          <AlertIcon />
        </span>
      ) : null}
      <RowMenu
        name={name}
        onAction={(action) => {
          if (action === 'rename') handlers.current.onRenameTranscript?.(transcript);
          else if (action === 'share') handlers.current.onShareTranscript?.(transcript);
          else if (action === 'move') handlers.current.askMove?.(transcript);
          else if (action === 'delete') handlers.current.askDelete(transcript);
        }}
      >
        {can.rename ? <MenuItem id="rename">{t`Rename`}</MenuItem> : null}
        {/* Only a finished transcript has text to share. */}
        {can.share && (transcript.status ?? 'completed') === 'completed' ? <MenuItem id="share">{t`Share…`}</MenuItem> : null}
        {can.move ? <MenuItem id="move">{t`Move to…`}</MenuItem> : null}
        {can.delete ? <MenuItem id="delete">{t`Delete`}</MenuItem> : null}
      </RowMenu>
    </>
  );
}

/** A row's actions button and its menu, named after the row; nothing at all when it would be empty. */
function RowMenu({ name, onAction, children }: { name: string; onAction: (action: Key) => void; children: ReactNode }) {
  const { t } = useLingui();
  if (Children.toArray(children).length === 0) return null;
  return (
    <span className={styles.actions}>
      <MenuTrigger>
        <IconButton aria-label={t`Actions for ${name}`} icon={<MoreIcon />} size="sm" />
        <Menu aria-label={t`Actions for ${name}`} placement="bottom end" onAction={onAction}>
          {children}
        </Menu>
      </MenuTrigger>
    </span>
  );
}
