import { describe, expect, it } from 'vitest';
import { hasSharedFile, keepSharedFile, SHARE_TARGET_FILE_FIELD, sharedFileOf, takeSharedFile } from './sharedFiles.ts';

/** CacheStorage in memory (Node has none): enough of open/put/match/delete for the hand-over. */
function memoryCaches(): CacheStorage {
  const caches = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const entries = caches.get(name) ?? new Map<string, Response>();
    caches.set(name, entries);
    return {
      put: async (key: string, response: Response) => void entries.set(key, response),
      match: async (key: string) => entries.get(key)?.clone(),
      delete: async (key: string) => entries.delete(key),
    } as unknown as Cache;
  };
  return { open } as unknown as CacheStorage;
}

describe('shared files', () => {
  it('hands a shared file over with its name, type, date and bytes, once', async () => {
    const storage = memoryCaches();
    const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3]);
    await keepSharedFile(storage, new File([bytes], 'Interview – Müller.m4a', { type: 'audio/mp4', lastModified: 1_700_000_000_000 }));

    expect(await hasSharedFile(storage)).toBe(true);
    const file = await takeSharedFile(storage);
    expect(file?.name).toBe('Interview – Müller.m4a');
    expect(file?.type).toBe('audio/mp4');
    expect(file?.lastModified).toBe(1_700_000_000_000);
    expect(new Uint8Array(await file!.arrayBuffer())).toEqual(bytes);
    expect(await takeSharedFile(storage)).toBeNull();
    expect(await hasSharedFile(storage)).toBe(false);
  });

  it('keeps only the latest share', async () => {
    const storage = memoryCaches();
    await keepSharedFile(storage, new File(['a'], 'first.mp3', { type: 'audio/mpeg' }));
    await keepSharedFile(storage, new File(['b'], 'second.wav', { type: 'audio/wav' }));
    expect((await takeSharedFile(storage))?.name).toBe('second.wav');
    expect(await takeSharedFile(storage)).toBeNull();
  });

  it('finds nothing without the Cache API', async () => {
    expect(await takeSharedFile(undefined)).toBeNull();
    expect(await hasSharedFile(undefined)).toBe(false);
  });

  it('takes the first file of the shared form and ignores text fields', () => {
    const form = new FormData();
    form.append('title', 'Voice memo');
    form.append(SHARE_TARGET_FILE_FIELD, 'not a file');
    form.append(SHARE_TARGET_FILE_FIELD, new File(['x'], 'memo.ogg', { type: 'audio/ogg' }));
    expect(sharedFileOf(form)?.name).toBe('memo.ogg');
    expect(sharedFileOf(new FormData())).toBeNull();
  });
});
