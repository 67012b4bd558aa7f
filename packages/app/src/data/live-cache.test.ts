import { paths, type Transcript } from '@scribe/api-client';
import type { Cache, ScopedMutator } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { createLiveCache } from './live-cache.ts';

function setup(cachedRevision: number | null) {
  const entries = new Map<string, { data: unknown }>();
  if (cachedRevision !== null) entries.set(paths.transcript(5), { data: { id: 5, revision: cachedRevision } as Partial<Transcript> });
  const cache = { get: (key: string) => entries.get(key) } as unknown as Cache;
  const mutate = vi.fn(() => Promise.resolve()) as unknown as ScopedMutator & ReturnType<typeof vi.fn>;
  return { live: createLiveCache({ mutate, cache }), mutate };
}

describe('a new revision from the live channel', () => {
  it('fetches a cached older copy of the transcript again', () => {
    const { live, mutate } = setup(2);
    live.transcriptRevised({ transcriptId: 5, revision: 3 });
    expect(mutate).toHaveBeenCalledWith(paths.transcript(5));
  });

  it('leaves a copy that has the revision already (this tab saved it), and one nobody has open', () => {
    const same = setup(3);
    same.live.transcriptRevised({ transcriptId: 5, revision: 3 });
    expect(same.mutate).not.toHaveBeenCalled();
    const none = setup(null);
    none.live.transcriptRevised({ transcriptId: 5, revision: 3 });
    expect(none.mutate).not.toHaveBeenCalled();
  });
});
