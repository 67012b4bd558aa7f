import { Plural, useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { KIT_ROOT_CLASS, ConfirmDialog, IconButton, Skeleton, SkeletonGroup, toast } from '@scribe/ui';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useControlledState } from 'react-stately/useControlledState';
import {
  Button as RACButton,
  ListLayout,
  Tree,
  Virtualizer,
  isTextDropItem,
  useDragAndDrop,
  type DropItem,
  type DropOperation,
  type DropTarget,
  type Key,
  type Selection,
} from 'react-aria-components';
import { PlusIcon } from '@scribe/ui/icons';
import { ancestorKeys, checkMove, flatten, folderKey, nodeKey, parseKey, transcriptKey, type NodeRef } from '../tree/treeOps.ts';
import type { FolderNode, TranscriptNode, TreeKey, TreeNode } from '../types.ts';
import { MoveDialog } from '../MoveDialog/MoveDialog.tsx';
import * as styles from './FolderTree.css.ts';
import {
  BranchContext,
  FolderRow,
  HandlersContext,
  ProcessingContext,
  TranscriptRow,
  type BranchContextValue,
  type FolderCapabilities,
  type Handlers,
  type TranscriptCapabilities,
} from './rows.tsx';

/** The drag type of tree nodes: only our own rows are accepted (files dropped on the page are the app's). */
const NODE_DRAG_TYPE = 'application/x-scribe-tree-node';

export interface FolderTreeProps {
  /** The tree as the server sends it (sorted: folders first by name, transcripts newest first). */
  items: TreeNode[];
  /** Controlled selection; leave undefined to let the tree keep its own. */
  selectedTranscriptId?: number | null;
  onSelectTranscript: (id: number) => void;
  /**
   * Shows every editing control off, whatever callbacks are given: no "New folder", no row menus, no
   * drag and drop. Selection and expansion still work. Leaving out an editing callback hides just the
   * controls that would call it, so a tree given none of them is read-only too.
   */
  readOnly?: boolean;
  /** The header's "New folder" button (null) and a folder's "New Subfolder" (its id); without it, neither shows. */
  onCreateFolder?: (parentId: number | null) => void;
  /** Without it, folders offer no 'Rename'. */
  onRenameFolder?: (folder: FolderNode) => void;
  /** Opt-in: with it, a transcript's row menu offers 'Rename' too (the app asks for the new title). */
  onRenameTranscript?: (transcript: TranscriptNode) => void;
  /** Opt-in: with it, a completed transcript's row menu offers 'Share…' (the app manages its share links). */
  onShareTranscript?: (transcript: TranscriptNode) => void;
  /**
   * Called only after the user confirmed 'Delete folder “Name” and its 3 transcripts?' (the count is of every
   * transcript below it; none: 'Delete folder “Name”?').
   * Without it, folders offer no 'Delete'.
   */
  onDeleteFolder?: (folder: FolderNode) => void;
  /** Called only after the user confirmed 'Are you sure you want to delete this transcript?'. Without it, no 'Delete' on transcripts. */
  onDeleteTranscript?: (transcript: TranscriptNode) => void;
  /**
   * A transcript dropped onto a folder, or onto the tree itself (null: out of every folder), or chosen
   * in the row menu's 'Move to…' dialog (which stays busy while a returned promise runs). Without it
   * (and without onMoveFolder) there is no drag and drop and no 'Move to…'.
   */
  onMoveTranscript?: (transcriptId: number, folderId: number | null) => void | Promise<void>;
  /**
   * Beyond the spec, opt-in: with it, folders can be dragged and offer 'Move to…' too (the API's
   * PUT /api/folders/{id} {parentId}). Without it only transcripts move, as the spec says.
   */
  onMoveFolder?: (folderId: number, parentId: number | null) => void | Promise<void>;
  /**
   * A refused move, with the translated reason: 'Cannot move a folder into itself or its subfolders',
   * or (with maxFolderDepth) that folders nest at most that deep. Default: a destructive toast 'Invalid move'
   * (shown by the host's ToastProvider, or by a region the tree renders itself when there is none).
   */
  onInvalidMove?: (message: string) => void;
  /** Levels of folder nesting allowed (the server's limit): deeper folder moves are refused with a reason. */
  maxFolderDepth?: number;
  /** Transcripts being transcribed right now (live progress events); nodes with status 'processing' spin too. */
  processingIds?: ReadonlySet<number> | readonly number[];
  /** Mouse and keyboard drag and drop; turn off on small screens (docs/product-spec.md §5). Default true. */
  isDragAndDropEnabled?: boolean;
  /** Controlled expanded folders (keys like 'folder:1'). */
  expandedKeys?: Iterable<TreeKey>;
  defaultExpandedKeys?: Iterable<TreeKey>;
  onExpandedChange?: (keys: Set<TreeKey>) => void;
  /** Shows a skeleton instead of the tree. */
  isLoading?: boolean;
  /**
   * Opt-in: with it, the header offers 'Select' to pick several transcripts (checkboxes; Shift-click
   * picks a range, Ctrl/Cmd-click or a plain click toggles one). Called with true on 'Select' and with
   * false on 'Done'. While selecting, clicking a transcript checks it instead of opening it.
   */
  onSelectingChange?: (isSelecting: boolean) => void;
  /**
   * A folder to show and focus, e.g. one just created inside a closed folder: the folders above it open
   * and its row takes the focus (and so the screen reader's attention). Each new value does it again.
   */
  revealFolderId?: number | null;
  /** Controlled: whether the tree is in its selection mode. */
  isSelecting?: boolean;
  /** The transcripts checked in the selection mode. */
  checkedTranscriptIds?: ReadonlySet<number>;
  onCheckedTranscriptIdsChange?: (ids: Set<number>) => void;
}

type PendingNode = { node: TreeNode; open: boolean } | null;

/**
 * The "Folders" panel: react-aria's Tree (arrow keys, type-ahead, expand and collapse), virtualized,
 * with mouse and keyboard drag and drop of transcripts onto folders or back to the top level, a menu per
 * row, and delete confirmations built in. A thin shell over the pure functions in tree/treeOps.ts.
 */
function FolderTreeView({ readOnly = false, ...props }: FolderTreeProps) {
  if (!readOnly) return <FolderTreeBody {...props} />;
  // Read-only drops every editing callback, so each control only has to ask for its own.
  return (
    <FolderTreeBody
      {...props}
      onCreateFolder={undefined}
      onRenameFolder={undefined}
      onRenameTranscript={undefined}
      onShareTranscript={undefined}
      onDeleteFolder={undefined}
      onDeleteTranscript={undefined}
      onMoveTranscript={undefined}
      onMoveFolder={undefined}
    />
  );
}

function FolderTreeBody({
  items,
  selectedTranscriptId,
  onSelectTranscript,
  onCreateFolder,
  onRenameFolder,
  onRenameTranscript,
  onShareTranscript,
  onDeleteFolder,
  onDeleteTranscript,
  onMoveTranscript,
  onMoveFolder,
  onInvalidMove,
  maxFolderDepth,
  processingIds,
  isDragAndDropEnabled = true,
  expandedKeys: expandedProp,
  defaultExpandedKeys,
  onExpandedChange,
  isLoading = false,
  onSelectingChange,
  isSelecting = false,
  checkedTranscriptIds,
  onCheckedTranscriptIdsChange,
  revealFolderId,
}: FolderTreeProps) {
  const { t } = useLingui();
  const headingId = useId();
  const selecting = isSelecting && !!onSelectingChange;

  const controlledExpanded = useMemo(() => (expandedProp ? new Set(expandedProp) : undefined), [expandedProp]);
  const [defaultExpanded] = useState(() => new Set(defaultExpandedKeys ?? []));
  const [expanded, setExpanded] = useControlledState<Set<TreeKey>>(controlledExpanded, defaultExpanded, onExpandedChange);

  // null is a controlled "nothing selected"; only undefined leaves the selection to the tree.
  const [selectedId, setSelectedId] = useControlledState<number | null>(selectedTranscriptId, null);
  const select = (id: number) => {
    setSelectedId(id);
    // Every press reports, also on the row that is already selected.
    onSelectTranscript(id);
  };

  // Reveal the selected transcript (e.g. restored after a reload) once per selection: open its folders.
  const revealed = useRef<number | null>(null);
  useEffect(() => {
    if (selectedId == null || revealed.current === selectedId) return;
    const ancestors = ancestorKeys(items, transcriptKey(selectedId));
    if (ancestors.length === 0 && !items.length) return; // not loaded yet: try again when items arrive
    revealed.current = selectedId;
    if (ancestors.some((k) => !expanded.has(k))) setExpanded(new Set([...expanded, ...ancestors]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the selection or the data changes
  }, [selectedId, items]);

  const processing = useMemo(() => new Set(processingIds ?? []), [processingIds]);

  // A folder to reveal: open the folders above it once it is in the data, then focus its row as soon
  // as it is rendered and nothing else (a closing dialog giving focus back) takes the focus after it.
  const treeRef = useRef<HTMLDivElement>(null);
  const revealedFolder = useRef<number | null>(null);
  useEffect(() => {
    if (revealFolderId == null || revealedFolder.current === revealFolderId) return;
    const key = folderKey(revealFolderId);
    const ancestors = ancestorKeys(items, key);
    if (ancestors.length === 0 && !items.some((n) => n.type === 'folder' && n.id === revealFolderId)) return; // not loaded yet
    revealedFolder.current = revealFolderId;
    if (ancestors.some((k) => !expanded.has(k))) setExpanded(new Set([...expanded, ...ancestors]));
    let frames = 0;
    let settled = 0;
    // Not cancelled when the data changes meanwhile (a refresh must not stop it); it ends by itself.
    const focusRow = () => {
      if (!treeRef.current) return;
      const row = treeRef.current?.querySelector<HTMLElement>(`[data-key="${key}"]`);
      if (row && document.activeElement !== row) {
        row.scrollIntoView({ block: 'nearest' });
        row.focus();
        settled = 0;
      } else if (row) settled++;
      // Keep it for a few frames in a row (a dialog's focus restore runs after it closed), at most ~2 s.
      if (settled < 5 && ++frames < 120) requestAnimationFrame(focusRow);
    };
    requestAnimationFrame(focusRow);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the folder to reveal or the data changes
  }, [revealFolderId, items]);

  const [pendingDelete, setPendingNode] = useState<PendingNode>(null);
  const [pendingMove, setPendingMove] = useState<PendingNode>(null);

  const reportInvalidMove = (check: 'into-itself' | 'too-deep') => {
    const message =
      check === 'into-itself'
        ? t`Cannot move a folder into itself or its subfolders`
        : t`Folders can be nested at most ${maxFolderDepth ?? 0} levels deep`;
    if (onInvalidMove) onInvalidMove(message);
    else toast({ title: t`Invalid move`, description: message, variant: 'destructive' });
  };

  // Open the folder it went into (and the folders above it), so the user sees where it landed.
  const reveal = (folderId: number | null) => {
    if (folderId === null) return;
    const keys = [...ancestorKeys(items, folderKey(folderId)), folderKey(folderId)];
    if (keys.some((k) => !expanded.has(k))) setExpanded(new Set([...expanded, ...keys]));
  };
  const revealLater = useRef<(folderId: number | null) => void>(reveal);
  revealLater.current = reveal;
  // After a drop, react-aria selects rows that newly appear for 50 ms (for inserts); opening a folder in
  // that window would make it select the folder's children (which our selection refuses, in a loop). So
  // a dropped node's folder opens just after that window.
  const revealAfterDrop = (folderId: number | null) => setTimeout(() => revealLater.current(folderId), 80);

  const canMoveTranscripts = !!onMoveTranscript;
  const canMoveFolders = !!onMoveFolder;
  const move = (ref: NodeRef, folderId: number | null) => {
    if (ref.type === 'folder' ? !onMoveFolder : !onMoveTranscript) return;
    const check = checkMove(items, ref, folderId, { maxDepth: maxFolderDepth });
    if (check === 'into-itself' || check === 'too-deep') reportInvalidMove(check);
    else if (check !== 'ok')
      return; // unchanged or gone meanwhile: nothing to do
    else {
      if (ref.type === 'transcript') void onMoveTranscript?.(ref.id, folderId);
      else void onMoveFolder?.(ref.id, folderId);
      revealAfterDrop(folderId);
    }
  };

  const canDrag = (ref: NodeRef | null) => !!ref && (ref.type === 'transcript' ? canMoveTranscripts : canMoveFolders);
  // Nothing can move without a move callback: no grips, no drop targets (a read-only tree).
  const dragAndDropOn = isDragAndDropEnabled && (canMoveTranscripts || canMoveFolders);

  // Only onto folders ('on', never between rows) or onto the tree itself (the top level). A folder over
  // itself or its subfolders is accepted here and refused on drop, so the user learns why (onInvalidMove).
  const dropOperationFor = (target: DropTarget): DropOperation => {
    if (target.type === 'root') return 'move';
    if (target.dropPosition === 'on' && parseKey(target.key)?.type === 'folder') return 'move';
    return 'cancel';
  };

  const { dragAndDropHooks: racHooks } = useDragAndDrop<TreeNode>({
    // Kept mounted and disabled rather than removed: react-aria wants the same hooks on every render.
    isDisabled: !dragAndDropOn,
    getItems: (keys) =>
      [...keys]
        .map((key) => parseKey(key))
        .filter(canDrag)
        .map((ref) => ({ [NODE_DRAG_TYPE]: nodeKey(ref!), 'text/plain': nodeKey(ref!) })),
    getAllowedDropOperations: () => ['move'],
    acceptedDragTypes: [NODE_DRAG_TYPE],
    getDropOperation: (target) => dropOperationFor(target),
    // onDrop rather than onItemDrop/onRootDrop: react-aria refuses internal drops on the root with those.
    onDrop: async (e) => {
      const target = e.target.type === 'root' ? null : parseKey(e.target.key);
      if (target && target.type !== 'folder') return;
      for (const ref of await readDraggedRefs(e.items)) move(ref, target ? target.id : null);
    },
  });

  // react-aria silently takes a folder's own row and its subfolders off the list of targets. The spec wants
  // that move refused with a message instead ('Invalid move'), so for drags inside this tree our rule decides.
  const dragAndDropHooks = useMemo(() => {
    const useBaseState = racHooks.useDroppableCollectionState;
    if (!useBaseState) return racHooks;
    return {
      ...racHooks,
      useDroppableCollectionState(props: Parameters<typeof useBaseState>[0]) {
        const state = useBaseState(props);
        return {
          ...state,
          getDropOperation: (e: Parameters<typeof state.getDropOperation>[0]) =>
            e.isInternal && !state.isDisabled ? dropOperationFor(e.target) : state.getDropOperation(e),
        };
      },
    };
  }, [racHooks]);

  // The selection react-aria reported last: handed back while it still matches the checked ids, so its
  // anchor (where a Shift-click range starts) survives the round trip through the host's state.
  const lastChecked = useRef<Selection | null>(null);
  const selectedKeys = useMemo(() => {
    if (selecting) {
      const keys = [...(checkedTranscriptIds ?? [])].map((id) => transcriptKey(id));
      const last = lastChecked.current;
      if (last instanceof Set && last.size === keys.length && keys.every((key) => last.has(key))) return last;
      return new Set<Key>(keys);
    }
    return selectedId == null ? new Set<Key>() : new Set<Key>([transcriptKey(selectedId)]);
  }, [selectedId, selecting, checkedTranscriptIds]);

  const onSelectionChange = (keys: Selection) => {
    if (selecting) {
      lastChecked.current = keys;
      // 'all' (Ctrl+A): every transcript on screen.
      const chosen =
        keys === 'all' ? flatten(items, { expandedKeys: expanded }).map((row) => parseKey(row.key)) : [...keys].map((key) => parseKey(key));
      onCheckedTranscriptIdsChange?.(new Set(chosen.filter((ref): ref is NodeRef => ref?.type === 'transcript').map((ref) => ref.id)));
      return;
    }
    if (keys === 'all') return;
    const ref = parseKey([...keys][0]);
    if (ref?.type === 'transcript') select(ref.id);
  };

  // Rows read the latest handlers through a ref: react-aria keeps the row elements it rendered for a
  // node object until `dependencies` change, so they must not hold this render's closures.
  const handlers = useRef<Handlers>({
    toggle: () => {},
    select,
    onRenameFolder,
    onRenameTranscript,
    onShareTranscript,
    onCreateFolder,
    askDelete: () => {},
    askMove: null,
  });
  handlers.current = {
    toggle: (folder) => {
      const key = nodeKey(folder);
      const next = new Set(expanded);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      setExpanded(next);
    },
    select,
    onRenameFolder,
    onRenameTranscript,
    onShareTranscript,
    onCreateFolder,
    askDelete: (node) => setPendingNode({ node, open: true }),
    askMove: (node) => ((node.type === 'transcript' ? onMoveTranscript : onMoveFolder) ? setPendingMove({ node, open: true }) : undefined),
  };

  // The dynamic collection's render function: what it returns depends on the node and these options
  // only (the `dependencies` below), so react-aria reuses a row while its node object is unchanged.
  // Each row offers only what the app gave a callback for.
  const folderCan = useMemo<FolderCapabilities>(
    () => ({ move: canMoveFolders, rename: !!onRenameFolder, create: !!onCreateFolder, delete: !!onDeleteFolder }),
    [canMoveFolders, onRenameFolder, onCreateFolder, onDeleteFolder],
  );
  const transcriptCan = useMemo<TranscriptCapabilities>(
    () => ({ move: canMoveTranscripts, rename: !!onRenameTranscript, share: !!onShareTranscript, delete: !!onDeleteTranscript }),
    [canMoveTranscripts, onRenameTranscript, onShareTranscript, onDeleteTranscript],
  );
  const renderNode = useCallback(
    (node: TreeNode): ReactNode => {
      const draggable = dragAndDropOn && (node.type === 'transcript' ? transcriptCan.move : folderCan.move);
      return node.type === 'folder' ? (
        <FolderRow id={nodeKey(node)} folder={node} draggable={draggable} can={folderCan} />
      ) : (
        <TranscriptRow id={nodeKey(node)} transcript={node} draggable={draggable} can={transcriptCan} selecting={selecting} />
      );
    },
    [dragAndDropOn, folderCan, transcriptCan, selecting],
  );
  const dependencies = [dragAndDropOn, folderCan, transcriptCan, selecting];

  // Changing state reaches rows through context rather than through the render function (which would
  // drop react-aria's whole cache): opening a folder re-renders the folders' small child lists, and a
  // transcript starting to process re-renders the rows in the page, not every row of the collection.
  const branches = useMemo<BranchContextValue>(() => ({ expanded, renderNode }), [expanded, renderNode]);

  // Folders open rather than get selected: their keys (among the rendered rows) are selection-disabled.
  const folderRowKeys = useMemo(
    () =>
      flatten(items, { expandedKeys: expanded })
        .filter((row) => row.node.type === 'folder')
        .map((row) => row.key),
    [items, expanded],
  );

  const deleting = pendingDelete?.node;
  const moving = pendingMove?.node ?? null;
  return (
    <section className={`${KIT_ROOT_CLASS} ${styles.root}`} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {t`Folders`}
        </h2>
        <div className={styles.headerActions}>
          {onSelectingChange ? (
            <RACButton className={styles.selectToggle} aria-pressed={selecting} onPress={() => onSelectingChange(!selecting)}>
              {selecting ? t`Done` : t`Select`}
            </RACButton>
          ) : null}
          {onCreateFolder ? (
            <IconButton aria-label={t`New folder`} icon={<PlusIcon />} size="sm" onPress={() => onCreateFolder(null)} />
          ) : null}
        </div>
      </div>
      {isLoading ? (
        <SkeletonGroup aria-label={t`Loading folders`}>
          <div className={styles.skeleton}>
            {[70, 55, 80, 45, 65].map((width, i) => (
              <div key={i} className={styles.skeletonRow}>
                <Skeleton width={16} height={16} />
                <Skeleton width={`${width}%`} height={12} />
              </div>
            ))}
          </div>
        </SkeletonGroup>
      ) : (
        <HandlersContext.Provider value={handlers}>
          <ProcessingContext.Provider value={processing}>
            <BranchContext.Provider value={branches}>
              <Virtualizer layout={ListLayout} layoutOptions={{ rowHeight: styles.ROW_HEIGHT }}>
                <Tree
                  ref={treeRef}
                  // A label of its own (not labelledby): the root drop target's name is 'Drop on' + this label.
                  aria-label={t`Folders`}
                  className={styles.tree}
                  selectionMode={selecting ? 'multiple' : 'single'}
                  selectionBehavior="toggle"
                  disallowEmptySelection={!selecting}
                  selectedKeys={selectedKeys}
                  onSelectionChange={onSelectionChange}
                  // Folders stay focusable, droppable and actionable; only selection skips them.
                  disabledKeys={folderRowKeys}
                  disabledBehavior="selection"
                  expandedKeys={expanded}
                  onExpandedChange={(keys) => setExpanded(new Set([...keys].filter((k): k is TreeKey => parseKey(k) !== null)))}
                  dragAndDropHooks={dragAndDropHooks}
                  renderEmptyState={() => <span className={styles.empty}>{t`No items found`}</span>}
                  items={items}
                  dependencies={dependencies}
                >
                  {renderNode}
                </Tree>
              </Virtualizer>
            </BranchContext.Provider>
          </ProcessingContext.Provider>
        </HandlersContext.Provider>
      )}
      {deleting ? (
        <ConfirmDialog
          isOpen={pendingDelete.open}
          onOpenChange={(open) => setPendingNode(open ? pendingDelete : { node: deleting, open: false })}
          variant="danger"
          title={deleting.type === 'folder' ? t`Delete folder` : t`Delete transcript`}
          message={
            deleting.type === 'folder' ? <FolderDeleteMessage folder={deleting} /> : t`Are you sure you want to delete this transcript?`
          }
          confirmLabel={t`Delete`}
          onConfirm={() => {
            if (deleting.type === 'folder') onDeleteFolder?.(deleting);
            else onDeleteTranscript?.(deleting);
          }}
        />
      ) : null}
      <MoveDialog
        items={items}
        node={moving}
        isOpen={!!pendingMove?.open}
        maxDepth={maxFolderDepth}
        onOpenChange={(open) => setPendingMove(open ? pendingMove : moving ? { node: moving, open: false } : null)}
        onMove={async (folderId) => {
          if (!moving) return;
          if (moving.type === 'transcript') await onMoveTranscript?.(moving.id, folderId);
          else await onMoveFolder?.(moving.id, folderId);
          reveal(folderId);
        }}
      />
    </section>
  );
}

/** The tree nodes inside a drop (our own drag type only). */
async function readDraggedRefs(items: DropItem[]): Promise<NodeRef[]> {
  const texts = await Promise.all(
    items
      .filter(isTextDropItem)
      .filter((item) => item.types.has(NODE_DRAG_TYPE))
      .map((item) => item.getText(NODE_DRAG_TYPE)),
  );
  return texts.map((text) => parseKey(text)).filter((ref): ref is NodeRef => ref !== null);
}

export const FolderTree = withKitProvider(FolderTreeView, 'FolderTree');

/** The delete confirmation of a folder: its name and how many transcripts go with it (in all its sub-folders). */
function FolderDeleteMessage({ folder }: { folder: FolderNode }) {
  const count = flatten(folder.children).filter((v) => v.node.type === 'transcript').length;
  const name = folder.name;
  return (
    <Plural
      value={count}
      _0={`Delete folder “${name}”?`}
      one={`Delete folder “${name}” and its # transcript?`}
      other={`Delete folder “${name}” and its # transcripts?`}
    />
  );
}
