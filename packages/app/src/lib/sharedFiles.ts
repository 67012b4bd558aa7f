// The Web Share Target hand-over: the service worker receives a file shared from another app (the
// manifest's share_target posts it), keeps it here, and the signed-in app takes it into the upload flow.
// Cache API rather than memory: the user may have to sign in first (a page load or two later).

/** The manifest's share_target action (POST, multipart/form-data) and its file field. */
export const SHARE_TARGET_ACTION = '/share-target';
export const SHARE_TARGET_FILE_FIELD = 'audio';

/** Outside the precache's caches: an app update never deletes a file that waits to be uploaded. */
const CACHE_NAME = 'scribe-shared-audio';
// One file at a time: sharing again replaces a file that was not uploaded yet.
const ENTRY = '/shared-audio/latest';
const NAME_HEADER = 'X-Shared-File-Name';
const MODIFIED_HEADER = 'X-Shared-File-Modified';

/** The first file among the shared form's fields (a share of text or a link carries none). */
export function sharedFileOf(form: FormData): File | null {
  for (const value of form.getAll(SHARE_TARGET_FILE_FIELD)) if (typeof value !== 'string') return value;
  return null;
}

export async function keepSharedFile(storage: CacheStorage, file: File): Promise<void> {
  const cache = await storage.open(CACHE_NAME);
  await cache.put(
    ENTRY,
    new Response(file, {
      // The body's type (the file's, if it has one) comes back as the blob's type.
      headers: {
        [NAME_HEADER]: encodeURIComponent(file.name),
        [MODIFIED_HEADER]: String(file.lastModified),
      },
    }),
  );
}

/** Whether a shared file waits (the sign-in page says so). */
export async function hasSharedFile(storage: CacheStorage | undefined = globalThis.caches): Promise<boolean> {
  if (!storage) return false;
  return (await (await storage.open(CACHE_NAME)).match(ENTRY)) !== undefined;
}

/**
 * The waiting shared file, removed from the store (it is offered once), or null. No Cache API (a page
 * on plain HTTP other than localhost): nothing can have been shared.
 */
export async function takeSharedFile(storage: CacheStorage | undefined = globalThis.caches): Promise<File | null> {
  if (!storage) return null;
  const cache = await storage.open(CACHE_NAME);
  const response = await cache.match(ENTRY);
  if (!response) return null;
  await cache.delete(ENTRY);
  const blob = await response.blob();
  const name = decodeURIComponent(response.headers.get(NAME_HEADER) ?? '') || 'shared-audio';
  const lastModified = Number(response.headers.get(MODIFIED_HEADER)) || Date.now();
  return new File([blob], name, { type: blob.type, lastModified });
}
