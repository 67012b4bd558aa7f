import { and, eq, sql } from 'drizzle-orm';
import { folderLimits } from '@scribe/api-client';
import { selectRows, type Db } from '../../db/client.ts';
import {
  aiOutputs,
  deletedFolders,
  folders,
  shares,
  transcriptRevisions,
  transcripts,
  treeChanges,
  treeVersions,
} from '../../db/schema.ts';

export interface FolderListRow {
  id: number;
  parentId: number | null;
  name: string;
}

export interface TranscriptListRow {
  id: number;
  folderId: number | null;
  title: string;
  /** ISO 8601 in UTC with milliseconds, as Date.toISOString() writes it. */
  createdAt: string;
  status: 'processing' | 'completed' | 'error';
  /** The audio's length in seconds once known (null before transcription measured it). */
  duration: number | null;
  /** The title as JSON text, as the database wrote it (the same text JSON.stringify writes). */
  titleJson?: string;
}

export type CreateFolderResult = { ok: true; folder: FolderListRow } | { ok: false; reason: 'parent-not-found' | 'too-deep' };

export type UpdateFolderResult =
  { ok: true; folder: FolderListRow } | { ok: false; reason: 'not-found' | 'parent-not-found' | 'cycle' | 'too-deep' };

// Two-key advisory lock space for "this user's folder tree is being restructured".
const FOLDER_TREE_LOCK = 0x5f01;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Levels from the top down to this folder (1 for a top-level one); the walk stops past the limit. */
async function depthOf(tx: Tx, userId: number, id: number): Promise<number> {
  const [row] = await selectRows<{ depth: number | null }>(
    tx,
    sql`
    with recursive ancestors(id, parent_id, depth) as (
      select id, parent_id, 1 from ${folders} where id = ${id} and user_id = ${userId}
      union all
      select f.id, f.parent_id, a.depth + 1 from ${folders} f join ancestors a on f.id = a.parent_id
      where f.user_id = ${userId} and a.depth <= ${folderLimits.depthMax}
    )
    select max(depth) as depth from ancestors`,
  );
  return Number(row?.depth ?? 0);
}

/** Levels of the sub-tree below and including this folder (1 for one without sub-folders). */
async function heightOf(tx: Tx, userId: number, id: number): Promise<number> {
  const [row] = await selectRows<{ height: number | null }>(
    tx,
    sql`
    with recursive sub(id, level) as (
      select id, 1 from ${folders} where id = ${id} and user_id = ${userId}
      union all
      select f.id, s.level + 1 from ${folders} f join sub s on f.parent_id = s.id
      where f.user_id = ${userId} and s.level <= ${folderLimits.depthMax}
    )
    select max(level) as height from sub`,
  );
  return Number(row?.height ?? 0);
}

// The transcripts_version entries of tree_changes the triggers keep per user (drizzle/0020_tree_changes_triggers.sql).
const TREE_CHANGES_KEPT = 500;

const foldersAggregate = (userId: number) =>
  sql`select json_agg(json_build_array(id, parent_id, name))::text from ${folders} where user_id = ${userId}`;
const treeLine = sql`concat_ws(',', id, coalesce(folder_id, 0), floor(extract(epoch from created_at) * 1000), coalesce(duration_seconds::text, ''), status, to_json(title))`;
const transcriptsAggregate = (userId: number) => sql`select string_agg(${treeLine}, E'\n') from ${transcripts} where user_id = ${userId}`;

function parseFolders(text: string | null): FolderListRow[] {
  const list = text ? (JSON.parse(text) as [number, number | null, string][]) : [];
  return list.map(([id, parentId, name]) => ({ id, parentId, name }));
}

/**
 * A transcript line of the tree without its title decoded: the title as JSON text is all the tree needs.
 * createdMs: createdAt in milliseconds, as read (orders lines without parsing createdAt again).
 */
export type TranscriptTreeLine = Omit<TranscriptListRow, 'title' | 'titleJson'> & { titleJson: string; createdMs?: number };

function parseTranscriptLines(text: string | null): TranscriptTreeLine[] {
  const parsed: Array<TranscriptTreeLine & { createdMs: number }> = [];
  for (const line of text ? text.split('\n') : []) {
    // The title is the last field and JSON-quoted: commas and newlines inside it are escaped.
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    const c = line.indexOf(',', b + 1);
    const d = line.indexOf(',', c + 1);
    const e = line.indexOf(',', d + 1);
    const folderId = Number(line.slice(a + 1, b));
    const durationText = line.slice(c + 1, d);
    const duration = durationText === '' ? null : Number(durationText);
    parsed.push({
      id: Number(line.slice(0, a)),
      folderId: folderId === 0 ? null : folderId,
      createdMs: Number(line.slice(b + 1, c)),
      createdAt: '',
      duration: duration !== null && Number.isFinite(duration) ? duration : null,
      status: line.slice(d + 1, e) as TranscriptListRow['status'],
      titleJson: line.slice(e + 1),
    });
  }
  parsed.sort((x, y) => y.createdMs - x.createdMs || y.id - x.id);
  for (const t of parsed) t.createdAt = new Date(t.createdMs).toISOString();
  return parsed;
}

function parseTranscripts(text: string | null): TranscriptListRow[] {
  return parseTranscriptLines(text).map((t) => ({
    id: t.id,
    folderId: t.folderId,
    title: JSON.parse(t.titleJson) as string,
    createdAt: t.createdAt,
    status: t.status,
    duration: t.duration,
    titleJson: t.titleJson,
  }));
}

/** Every query is filtered by the owner: another user's ids behave as missing ones. */
export function createFoldersRepository(db: Db) {
  return {
    /**
     * Both lists of the tree in one query, each aggregated by the database into one text value:
     * thousands of rows then cross from PGlite's WebAssembly heap (or the network) as two values,
     * not row by row. Transcripts come as lines "id,folderId,epochMs,duration,status,<title as JSON>", which
     * PGlite builds about a third faster than JSON arrays; they are sorted here (newest first).
     */
    async listTree(userId: number): Promise<{ folders: FolderListRow[]; transcripts: TranscriptListRow[] }> {
      const [row] = await selectRows<{ folders: string | null; transcripts: string | null }>(
        db,
        sql`select (${foldersAggregate(userId)}) as folders, (${transcriptsAggregate(userId)}) as transcripts`,
      );
      return { folders: parseFolders(row.folders), transcripts: parseTranscripts(row.transcripts) };
    },

    /** The folders of the tree alone (a folder changed: the transcripts' part is kept). */
    async listTreeFolders(userId: number): Promise<FolderListRow[]> {
      const [row] = await selectRows<{ folders: string | null }>(db, sql`select (${foldersAggregate(userId)}) as folders`);
      return parseFolders(row.folders);
    },

    /** Both lists as listTree reads them, the transcripts with their titles as JSON text only. */
    async listTreeLines(userId: number): Promise<{ folders: FolderListRow[]; transcripts: TranscriptTreeLine[] }> {
      const [row] = await selectRows<{ folders: string | null; transcripts: string | null }>(
        db,
        sql`select (${foldersAggregate(userId)}) as folders, (${transcriptsAggregate(userId)}) as transcripts`,
      );
      return { folders: parseFolders(row.folders), transcripts: parseTranscriptLines(row.transcripts) };
    },

    /**
     * What changed in the user's transcripts since their transcripts_version `since`: the ids touched
     * (db/schema.ts treeChanges), the lines of those still the user's (the others were deleted or given
     * away), and the folders, all from one snapshot. Null when the log no longer reaches back that far.
     */
    async treeChangesSince(
      userId: number,
      since: number,
    ): Promise<{ folders: FolderListRow[]; ids: number[]; transcripts: TranscriptTreeLine[] } | null> {
      // Each changed row looked up by its id (a sub-query per id): a join may hash all the user's rows.
      const [row] = await selectRows<{
        version: string | number | null;
        ids: string | null;
        folders: string | null;
        transcripts: string | null;
      }>(
        db,
        sql`select (select transcripts_version from ${treeVersions} where user_id = ${userId}) as version,
          (${foldersAggregate(userId)}) as folders, c.ids, c.transcripts
          from (select string_agg(d.transcript_id::text, ',') as ids,
              string_agg((select ${treeLine} from ${transcripts} t where t.id = d.transcript_id and t.user_id = ${userId}), E'\n') as transcripts
            from (select distinct transcript_id from ${treeChanges} where user_id = ${userId} and version > ${since}) d) c`,
      );
      if (since < Number(row.version ?? 0) - TREE_CHANGES_KEPT) return null;
      return {
        folders: parseFolders(row.folders),
        ids: row.ids ? row.ids.split(',').map(Number) : [],
        transcripts: parseTranscriptLines(row.transcripts),
      };
    },

    /** The user's tree versions (db/schema.ts treeVersions); 0 before the first change. */
    async treeVersions(userId: number): Promise<{ version: number; transcripts: number }> {
      const [row] = await db
        .select({ version: treeVersions.version, transcripts: treeVersions.transcriptsVersion })
        .from(treeVersions)
        .where(eq(treeVersions.userId, userId));
      return row ?? { version: 0, transcripts: 0 };
    },

    async exists(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .select({ id: folders.id })
        .from(folders)
        .where(and(eq(folders.id, id), eq(folders.userId, userId)));
      return rows.length > 0;
    },

    /**
     * Refused when the parent is not one of the user's folders, or when the new folder would be
     * nested deeper than the limit (the tree lock keeps a concurrent move from deepening the parent).
     */
    async create(userId: number, name: string, parentId: number | null): Promise<CreateFolderResult> {
      return db.transaction(async (tx) => {
        if (parentId !== null) {
          await tx.execute(sql`select pg_advisory_xact_lock(${FOLDER_TREE_LOCK}, ${userId})`);
          const parent = await tx
            .select({ id: folders.id })
            .from(folders)
            .where(and(eq(folders.id, parentId), eq(folders.userId, userId)))
            .for('share');
          if (parent.length === 0) return { ok: false, reason: 'parent-not-found' };
          if ((await depthOf(tx, userId, parentId)) + 1 > folderLimits.depthMax) return { ok: false, reason: 'too-deep' };
        }
        const [row] = await tx
          .insert(folders)
          .values({ userId, name, parentId })
          .returning({ id: folders.id, parentId: folders.parentId, name: folders.name });
        return { ok: true, folder: row };
      });
    },

    /**
     * Renames and/or moves a folder. A move is refused when the new parent is the folder itself or
     * one of its descendants, or when it would nest folders deeper than the limit; the user's tree
     * is locked meanwhile, so two crossing moves cannot make a cycle (or a too deep tree) between them.
     */
    async update(userId: number, id: number, changes: { name?: string; parentId?: number | null }): Promise<UpdateFolderResult> {
      return db.transaction(async (tx) => {
        if (changes.parentId !== undefined) {
          await tx.execute(sql`select pg_advisory_xact_lock(${FOLDER_TREE_LOCK}, ${userId})`);
        }
        const [current] = await tx
          .select({ id: folders.id })
          .from(folders)
          .where(and(eq(folders.id, id), eq(folders.userId, userId)))
          .for('update');
        if (!current) return { ok: false, reason: 'not-found' };
        if (changes.parentId !== undefined && changes.parentId !== null) {
          // Walk up from the new parent: meeting the folder itself means the move makes a cycle.
          const chain = await selectRows<{ id: number }>(
            tx,
            sql`
            with recursive ancestors(id, parent_id) as (
              select id, parent_id from ${folders} where id = ${changes.parentId} and user_id = ${userId}
              union
              select f.id, f.parent_id from ${folders} f join ancestors a on f.id = a.parent_id
              where f.user_id = ${userId}
            )
            select id from ancestors`,
          );
          const ids = chain.map((r) => Number(r.id));
          if (ids.length === 0) return { ok: false, reason: 'parent-not-found' };
          if (ids.includes(id)) return { ok: false, reason: 'cycle' };
          // The folder's whole sub-tree moves below the new parent.
          const parentDepth = await depthOf(tx, userId, changes.parentId);
          if (parentDepth + (await heightOf(tx, userId, id)) > folderLimits.depthMax) return { ok: false, reason: 'too-deep' };
        }
        const set: { name?: string; parentId?: number | null } = {};
        if (changes.name !== undefined) set.name = changes.name;
        if (changes.parentId !== undefined) set.parentId = changes.parentId;
        const [row] =
          Object.keys(set).length > 0
            ? await tx
                .update(folders)
                .set(set)
                .where(and(eq(folders.id, id), eq(folders.userId, userId)))
                .returning({ id: folders.id, parentId: folders.parentId, name: folders.name })
            : await tx.select({ id: folders.id, parentId: folders.parentId, name: folders.name }).from(folders).where(eq(folders.id, id));
        return { ok: true, folder: row };
      });
    },

    /**
     * Deletes a folder with its sub-folders and their transcripts in one transaction (the foreign keys
     * cascade), keeping their rows in deleted_folders for a restore; returns how many transcripts went
     * with it, or null when there was no such folder. The stored audio stays until the purge.
     */
    async delete(userId: number, id: number): Promise<{ transcripts: number } | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FOLDER_TREE_LOCK}, ${userId})`);
        const tree = await selectRows<{ id: number }>(
          tx,
          sql`
          with recursive sub(id) as (
            select id from ${folders} where id = ${id} and user_id = ${userId}
            union
            select f.id from ${folders} f join sub s on f.parent_id = s.id where f.user_id = ${userId}
          )
          select id from sub`,
        );
        const folderIds = tree.map((r) => Number(r.id));
        if (folderIds.length === 0) return null;
        const folderList = sql.join(
          folderIds.map((f) => sql`${f}`),
          sql`, `,
        );
        const [kept] = await selectRows<{ rows: unknown; transcript_ids: number[] | null; audio_bytes: string | number | null }>(
          tx,
          sql`
          with t as (select * from ${transcripts} where user_id = ${userId} and folder_id in (${folderList}))
          select
            json_build_object(
              'folders', (select coalesce(json_agg(f), '[]') from ${folders} f where f.user_id = ${userId} and f.id in (${folderList})),
              'transcripts', (select coalesce(json_agg(t), '[]') from t),
              'revisions', (select coalesce(json_agg(r), '[]') from ${transcriptRevisions} r where r.transcript_id in (select id from t)),
              'aiOutputs', (select coalesce(json_agg(a), '[]') from ${aiOutputs} a where a.transcript_id in (select id from t)),
              'shares', (select coalesce(json_agg(s), '[]') from ${shares} s where s.transcript_id in (select id from t))
            ) as rows,
            (select json_agg(id) from t) as transcript_ids,
            (select sum(audio_bytes) from t) as audio_bytes`,
        );
        const transcriptIds = (kept?.transcript_ids ?? []).map(Number);
        // A folder deleted again (restored, then deleted) replaces its older entry.
        await tx.delete(deletedFolders).where(and(eq(deletedFolders.userId, userId), eq(deletedFolders.folderId, id)));
        await tx.insert(deletedFolders).values({
          userId,
          folderId: id,
          rows: kept!.rows,
          transcriptIds,
          audioBytes: Number(kept?.audio_bytes ?? 0),
        });
        await tx.delete(folders).where(and(eq(folders.id, id), eq(folders.userId, userId)));
        return { transcripts: transcriptIds.length };
      });
    },

    /**
     * Puts a deleted folder back as it was, with everything it took, in one transaction: at its old
     * place, or at the top level when that parent is gone meanwhile. False when the user has no such
     * deleted folder (never deleted, someone else's, restored already or purged).
     */
    async restore(userId: number, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FOLDER_TREE_LOCK}, ${userId})`);
        const [entry] = await tx
          .delete(deletedFolders)
          .where(and(eq(deletedFolders.userId, userId), eq(deletedFolders.folderId, id)))
          .returning({ rows: deletedFolders.rows });
        if (!entry) return false;
        const rows = entry.rows as Record<'folders' | 'transcripts' | 'revisions' | 'aiOutputs' | 'shares', Array<Record<string, unknown>>>;
        const root = rows.folders.find((f) => Number(f.id) === id);
        if (root && root.parent_id !== null) {
          const parent = await tx
            .select({ id: folders.id })
            .from(folders)
            .where(and(eq(folders.id, Number(root.parent_id)), eq(folders.userId, userId)));
          if (parent.length === 0) root.parent_id = null;
        }
        const put = async (table: string, list: Array<Record<string, unknown>>) => {
          if (list.length === 0) return;
          await tx.execute(
            sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(list)}::json)`,
          );
        };
        await put('folders', rows.folders);
        await put('transcripts', rows.transcripts);
        await put('transcript_revisions', rows.revisions);
        await put('ai_outputs', rows.aiOutputs);
        await put('shares', rows.shares);
        return true;
      });
    },

    /** Takes the deleted folders older than `before` out for good; returns their users' transcript ids (files to remove). */
    async purgeDeleted(before: Date): Promise<Array<{ userId: number; transcriptIds: number[] }>> {
      const gone = await db
        .delete(deletedFolders)
        .where(sql`${deletedFolders.deletedAt} < ${before.toISOString()}`)
        .returning({ userId: deletedFolders.userId, transcriptIds: deletedFolders.transcriptIds });
      return gone.map((g) => ({ userId: g.userId, transcriptIds: (g.transcriptIds ?? []).map(Number) }));
    },
  };
}
export type FoldersRepository = ReturnType<typeof createFoldersRepository>;
