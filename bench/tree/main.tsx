// The page bench/tree.bench.ts loads in Chromium: the real FolderTree (production build) with 10,000
// transcripts in 1,000 folders (the library of bench/library.bench.ts), next to a bare list of its rows.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { themeClassNames, uiMessages } from '../../packages/ui/src/index.ts';
import { FolderTree, type TreeKey, type TreeNode } from '../../packages/transcript-kit/src/index.ts';
import { transcriptKitMessages } from '../../packages/transcript-kit/src/utils.ts';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

i18n.load('en', { ...uiMessages.en, ...transcriptKitMessages.en });
i18n.activate('en');
document.body.classList.add(themeClassNames.light);

const host = document.getElementById('root')!;

// 100 top-level folders with 9 subfolders each; transcript n lies in folder n % 1,000 (10 in each).
const created = Date.UTC(2025, 0, 1);
let nextFolder = 1;
const folderIds: number[] = [];
const tops = Array.from({ length: 100 }, (_, top) => {
  const id = nextFolder++;
  folderIds.push(id);
  const subs = Array.from({ length: 9 }, (_, s) => {
    const subId = nextFolder++;
    folderIds.push(subId);
    return { id: subId, name: `Session ${top}.${s}` };
  });
  return { id, name: `Project ${String(top).padStart(3, '0')}`, subs };
});
const byFolder = new Map<number, TreeNode[]>();
for (let n = 0; n < 10_000; n++) {
  const folderId = folderIds[n % folderIds.length];
  const list = byFolder.get(folderId) ?? [];
  list.push({
    id: n + 1,
    type: 'transcript',
    name: `Recording ${n}`,
    createdAt: new Date(created + n * 60_000).toISOString(),
    duration: 60,
  });
  byFolder.set(folderId, list);
}
const items: TreeNode[] = tops.map((top) => ({
  id: top.id,
  type: 'folder',
  name: top.name,
  children: [
    ...top.subs.map((sub): TreeNode => ({ id: sub.id, type: 'folder', name: sub.name, children: byFolder.get(sub.id) ?? [] })),
    ...(byFolder.get(top.id) ?? []),
  ],
}));
const firstFolder = items[0] as Extract<TreeNode, { type: 'folder' }>;
const firstTranscript = firstFolder.children.find((n) => n.type === 'transcript')!;

/** Yields to the page (React's scheduler and the collection's store updates run) without a frame's wait. */
const tick = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
/** Until the browser has painted what React committed. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Milliseconds from the update until `done()` holds in the page (then layout). */
async function timeUntil(update: () => void, done: () => boolean): Promise<number> {
  const start = performance.now();
  flushSync(update);
  for (let i = 0; !done(); i++) {
    if (i > 10_000) throw new Error('the page never showed the update');
    await tick();
  }
  host.getBoundingClientRect();
  return performance.now() - start;
}

const noop = () => undefined;
function Tree({ expanded, processing }: { expanded: TreeKey[]; processing: number[] }) {
  return (
    <I18nProvider i18n={i18n}>
      <div style={{ height: 600, display: 'flex', flexDirection: 'column' }}>
        <FolderTree
          items={items}
          expandedKeys={expanded}
          processingIds={processing}
          onSelectTranscript={noop}
          onCreateFolder={noop}
          onRenameFolder={noop}
          onDeleteFolder={noop}
          onDeleteTranscript={noop}
          onMoveTranscript={noop}
          onMoveFolder={noop}
        />
      </div>
    </I18nProvider>
  );
}

/** Baseline: the top-level rows as bare elements, nothing virtualized or memoised. */
function BareRows({ open }: { open: boolean }) {
  return (
    <div role="tree" style={{ height: 600, overflow: 'auto' }}>
      {items.map((node) => (
        <div key={node.id} role="treeitem" aria-expanded={node.type === 'folder' ? open && node === firstFolder : undefined}>
          {node.name}
        </div>
      ))}
      {open ? firstFolder.children.map((node) => <div key={`c${node.id}`}>{node.name}</div>) : null}
    </div>
  );
}

const row = (name: string) => host.querySelector(`[role="row"][aria-label="${name}"]`);
const spinning = () => !!host.querySelector('[role="progressbar"]');

declare global {
  interface Window {
    runTreeBench: (rounds: number) => Promise<Record<string, number[]>>;
  }
}

window.runTreeBench = async (rounds) => {
  const out: Record<string, number[]> = { bareMount: [], bareOpen: [], mount: [], open: [], close: [], processing: [] };
  const open: TreeKey[] = [`folder:${firstFolder.id}`];
  for (let r = 0; r < rounds; r++) {
    let root: Root = createRoot(host);
    out.bareMount.push(
      await timeUntil(
        () => root.render(<BareRows open={false} />),
        () => !!host.querySelector('[role="treeitem"]'),
      ),
    );
    out.bareOpen.push(
      await timeUntil(
        () => root.render(<BareRows open />),
        () => host.childElementCount > 0 && !!host.querySelector('[aria-expanded="true"]'),
      ),
    );
    root.unmount();
    await painted();

    root = createRoot(host);
    out.mount.push(
      await timeUntil(
        () => root.render(<Tree expanded={[]} processing={[]} />),
        () => !!row(firstFolder.name),
      ),
    );
    await painted();
    out.open.push(
      await timeUntil(
        () => root.render(<Tree expanded={open} processing={[]} />),
        () => !!row(firstTranscript.name),
      ),
    );
    await painted();
    out.processing.push(await timeUntil(() => root.render(<Tree expanded={open} processing={[firstTranscript.id]} />), spinning));
    await painted();
    out.close.push(
      await timeUntil(
        () => root.render(<Tree expanded={[]} processing={[firstTranscript.id]} />),
        () => !row(firstTranscript.name),
      ),
    );
    root.unmount();
    await painted();
  }
  return out;
};
