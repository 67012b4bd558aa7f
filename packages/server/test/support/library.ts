// The 10,000-transcript library the tree benches (bench/tree-route.bench.ts, bench/library.bench.ts) and
// the index review (scripts/explain-list-routes.ts) measure, seeded the same way for each.
import type { Db } from '../../src/db/client.ts';
import { folders, transcripts } from '../../src/db/schema.ts';
import { solveCaptcha } from '../captcha-solver.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };

/** Registers an account through the route, as a person would; its id and session cookie. */
export async function registerUser(base: string, username: string): Promise<{ id: number; cookie: string }> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: XHR,
    body: JSON.stringify({
      name: `User ${username}`,
      username,
      email: `${username}@example.com`,
      password: 'Library#12345',
      captchaToken: await solveCaptcha({ url: base }),
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return { id: ((await res.json()) as { id: number }).id, cookie: res.headers.getSetCookie()[0].split(';')[0] };
}

export interface Library {
  /** Each top-level folder followed by its sub-folders. */
  folderIds: number[];
  /** In the order made: transcript n is in folderIds[n % 1000], made n minutes after the first. */
  transcriptIds: number[];
}

/**
 * 100 top-level folders "Project N" with 9 sub-folders "Session N" each, and 10 transcripts
 * "Recording N" in every folder, one a minute over the last week, every 50th still processing.
 * Rows are inserted directly (the routes would take minutes), in batches of 1,000.
 */
export async function seedLibrary(db: Db, userId: number): Promise<Library> {
  const folderIds: number[] = [];
  for (let top = 0; top < 100; top++) {
    const [parent] = await db
      .insert(folders)
      .values({ userId, name: `Project ${top}` })
      .returning({ id: folders.id });
    const subs = await db
      .insert(folders)
      .values(Array.from({ length: 9 }, (_, i) => ({ userId, parentId: parent.id, name: `Session ${i}` })))
      .returning({ id: folders.id });
    folderIds.push(parent.id, ...subs.map((s) => s.id));
  }
  const transcriptIds: number[] = [];
  const start = Date.now() - 10_000 * 60_000;
  for (let batch = 0; batch < 10; batch++) {
    const made = await db
      .insert(transcripts)
      .values(
        Array.from({ length: 1000 }, (_, i) => {
          const n = batch * 1000 + i;
          return {
            userId,
            folderId: folderIds[n % folderIds.length],
            title: `Recording ${n}`,
            status: n % 50 === 0 ? ('processing' as const) : ('completed' as const),
            createdAt: new Date(start + n * 60_000),
          };
        }),
      )
      .returning({ id: transcripts.id });
    transcriptIds.push(...made.map((t) => t.id));
  }
  return { folderIds, transcriptIds };
}
