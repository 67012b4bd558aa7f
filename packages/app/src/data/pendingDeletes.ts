// Deletes that wait for their Undo: a deleted transcript disappears from the tree at once, a toast
// offers Undo, and the DELETE is sent only when that toast goes (its time ran out, it was closed or
// replaced). Leaving the page sends every waiting DELETE (fetch keepalive outlives the page), so a delete
// the user did not undo is never lost. A folder is deleted on the server at once (its Undo restores it):
// it is kept hidden here only while that DELETE is under way, with nothing to send on leaving.
import { type TreeKey, type TreeNode } from '@scribe/transcript-kit';
import { nodeKey } from '@scribe/transcript-kit/utils';
import { api } from '../api.ts';
import { createStore, useStore } from '@scribe/ui/store';

/** How long Undo is offered. */
export const UNDO_MS = 8000;

export interface PendingDelete {
  key: TreeKey;
  /** Sends the DELETE that makes it final, in a way that survives the page's unloading. */
  sendOnUnload: () => void;
}

const store = createStore<ReadonlyMap<TreeKey, PendingDelete>>(new Map());

export const pendingDeletes = {
  getSnapshot: store.getSnapshot,
  subscribe: store.subscribe,
  add(node: TreeNode, { sendOnUnload }: { sendOnUnload?: () => void } = {}): PendingDelete {
    const { id } = node;
    const entry: PendingDelete = {
      key: nodeKey(node),
      sendOnUnload:
        sendOnUnload ?? (node.type === 'folder' ? () => api.folders.removeOnUnload(id) : () => api.transcripts.removeOnUnload(id)),
    };
    store.setState((current) => new Map(current).set(entry.key, entry));
    return entry;
  },
  /** Undone, or final on the server and gone from the refreshed tree: the tree stops hiding it. */
  remove(key: TreeKey): void {
    store.setState((current) => {
      if (!current.has(key)) return current;
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  },
  has: (key: TreeKey) => store.getSnapshot().has(key),
  /** Sends every waiting DELETE in a way that survives the page's unloading. */
  flush(): void {
    for (const entry of store.getSnapshot().values()) entry.sendOnUnload();
    store.setState(new Map());
  },
};

if (typeof window !== 'undefined') window.addEventListener('pagehide', () => pendingDeletes.flush());

export function usePendingDeletes(): ReadonlyMap<TreeKey, PendingDelete> {
  return useStore(store);
}

/** The tree without the nodes waiting to be deleted (the same array when none is waiting). */
export function withoutPending(nodes: TreeNode[], pending: ReadonlyMap<TreeKey, unknown>): TreeNode[] {
  if (pending.size === 0) return nodes;
  const walk = (list: readonly TreeNode[]): TreeNode[] =>
    list
      .filter((node) => !pending.has(nodeKey(node)))
      .map((node) => (node.type === 'folder' ? { ...node, children: walk(node.children) } : node));
  return walk(nodes);
}
