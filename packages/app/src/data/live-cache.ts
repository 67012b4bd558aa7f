// The one place where live-channel events change cached data (SWR's cache of API answers, and the
// live state that no answer holds, live-state.ts): the transcript and the tree follow a
// transcription's progress, completion and failure refetch them (and the balance, charged or refunded).
import {
  paths,
  type AiOutputStreamEvent,
  type AiProgressEvent,
  type Transcript,
  type TranscriptionSegmentsEvent,
  type TranscriptionStatusEvent,
  type TranscriptRevisedEvent,
} from '@scribe/api-client';
import { type TreeNode } from '@scribe/transcript-kit';
import { findNode, transcriptKey } from '@scribe/transcript-kit/utils';
import { useMemo } from 'react';
import { useSWRConfig, type Cache, type ScopedMutator } from 'swr';
import { creditBalanceKey } from './credits.ts';
import { liveState, type LiveStateStore } from './live-state.ts';

/** The tree with one transcript marked as processing (its spinner), or the same tree when it already is. */
export function markProcessing(nodes: TreeNode[], id: number): TreeNode[] {
  const node = findNode(nodes, transcriptKey(id));
  if (!node || node.type !== 'transcript' || node.status === 'processing') return nodes;
  const mark = (list: TreeNode[]): TreeNode[] =>
    list.map((n) => {
      if (n.type === 'transcript') return n.id === id ? { ...n, status: 'processing' as const } : n;
      return n.children?.length ? { ...n, children: mark(n.children) } : n;
    });
  return mark(nodes);
}

export function createLiveCache({ mutate, cache, live = liveState }: { mutate: ScopedMutator; cache: Cache; live?: LiveStateStore }) {
  // Only caches that hold data are updated in place: a mutate while SWR fetches a key drops that
  // fetch's answer, which would lose the tree refresh that brings a new upload (or the transcript itself).
  const cached = <T>(key: string) => cache.get(key)?.data as T | null | undefined;

  return {
    transcriptionStatus(event: TranscriptionStatusEvent) {
      const key = paths.transcript(event.transcriptId);
      if (event.type === 'progress') {
        const tree = cached<TreeNode[]>(paths.folderTree);
        if (tree && markProcessing(tree, event.transcriptId) !== tree) {
          void mutate(
            paths.folderTree,
            (current: TreeNode[] | null | undefined) => (current ? markProcessing(current, event.transcriptId) : current),
            {
              revalidate: false,
            },
          );
        }
        if (cached<Transcript>(key)) {
          void mutate(
            key,
            (current: Transcript | null | undefined) =>
              current
                ? {
                    ...current,
                    metadata: {
                      ...current.metadata,
                      status: 'processing' as const,
                      progress: event.progress ?? 0,
                      // An attempt starts (or starts again) without text: the server dropped what an earlier one showed.
                      ...(event.progress ? {} : { timestamps: [] }),
                    },
                  }
                : current,
            { revalidate: false },
          );
        }
        return;
      }
      void mutate(key);
      void mutate(paths.folderTree);
      void mutate(creditBalanceKey); // charged on completion, refunded on failure
    },
    /**
     * More text of a transcript in progress: added after what the cached copy holds, or (a part was
     * missed, e.g. while offline) the transcript fetched again.
     */
    transcriptionSegments(event: TranscriptionSegmentsEvent) {
      const key = paths.transcript(event.transcriptId);
      const current = cached<Transcript>(key);
      if (!current || current.metadata.status !== 'processing') return;
      if (event.from > current.metadata.timestamps.length) {
        void mutate(key);
        return;
      }
      void mutate(
        key,
        (latest: Transcript | null | undefined) => {
          if (!latest || latest.metadata.status !== 'processing' || event.from > latest.metadata.timestamps.length) return latest;
          const timestamps = [...latest.metadata.timestamps.slice(0, event.from), ...event.segments];
          return { ...latest, metadata: { ...latest.metadata, timestamps } };
        },
        { revalidate: false },
      );
    },
    /**
     * A new revision (an edit or a restore, maybe in another tab): a cached older copy is fetched again;
     * an open editor then follows it, or shows the conflict when it has changes of its own.
     */
    transcriptRevised(event: TranscriptRevisedEvent) {
      const key = paths.transcript(event.transcriptId);
      const current = cached<Transcript>(key);
      if (current && current.revision < event.revision) void mutate(key);
    },
    aiOutputStream(event: AiOutputStreamEvent) {
      live.aiOutputStream(event);
    },
    aiProgress(event: AiProgressEvent) {
      live.aiProgress(event);
    },
    /** A streamed recording's draft text (the live state checks its shape: the channel hands it over unparsed). */
    recordingDraft(data: unknown) {
      live.recordingDraft(data);
    },
    /** Whether live text is offered for a recording. */
    recordingLive(data: unknown) {
      live.recordingLive(data);
    },
    /** A recording was finished or discarded: its draft goes. */
    recordingEnded(recordingId: string) {
      live.recordingEnded(recordingId);
    },
    /** The channel connected or dropped. */
    channel(up: boolean) {
      live.channel(up);
    },
  };
}
export type LiveCache = ReturnType<typeof createLiveCache>;

/** The live cache bound to the app's SWR cache; stable while the cache is. */
export function useLiveCache(): LiveCache {
  const { mutate, cache } = useSWRConfig();
  return useMemo(() => createLiveCache({ mutate, cache }), [mutate, cache]);
}
