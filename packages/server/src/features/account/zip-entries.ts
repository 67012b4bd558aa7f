/**
 * The text files of one transcript in the account's zip (zip.ts): its JSON, its plain text, its AI
 * outputs and its revisions. Pure, so a worker thread makes them (work/heavy-work.ts): a long transcript
 * with a few revisions is megabytes of JSON to write.
 */
import type { TranscriptRow } from '../../db/schema.ts';
import { renderTxt, transcriptDocument, type Reader } from '../exports/render.ts';

export const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** A folder name for a transcript: its id (unique) and a readable part of its title. */
export function transcriptFolder(id: number, title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
  return `transcripts/${id}${slug ? `-${slug}` : ''}`;
}

export interface AccountTranscriptInput {
  transcript: Pick<
    TranscriptRow,
    | 'id'
    | 'title'
    | 'folderId'
    | 'status'
    | 'error'
    | 'language'
    | 'durationSeconds'
    | 'originalName'
    | 'createdAt'
    | 'updatedAt'
    | 'content'
    | 'segments'
  >;
  /** Its AI outputs and revisions as the account's data export reads them (the transcript id is left out). */
  outputs: Array<{ transcriptId: number } & Record<string, unknown>>;
  /** Absent: never edited (no revisions.json). */
  revisions?: Array<{ transcriptId: number } & Record<string, unknown>>;
  reader: Reader;
}

export function accountTranscriptEntries({
  transcript: t,
  outputs,
  revisions,
  reader,
}: AccountTranscriptInput): Array<{ path: string; body: Buffer }> {
  const dir = transcriptFolder(t.id, t.title);
  const entries = [
    {
      path: `${dir}/transcript.json`,
      body: json({
        id: t.id,
        title: t.title,
        folderId: t.folderId,
        status: t.status,
        error: t.error,
        language: t.language,
        durationSeconds: t.durationSeconds,
        originalName: t.originalName,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
        content: t.content,
        segments: t.segments,
      }),
    },
    { path: `${dir}/transcript.txt`, body: renderTxt(transcriptDocument(t.title, t.createdAt, t.segments, t.content, reader)) },
    { path: `${dir}/ai-outputs.json`, body: json(outputs.map(({ transcriptId: _id, ...o }) => o)) },
  ];
  if (revisions) entries.push({ path: `${dir}/revisions.json`, body: json(revisions.map(({ transcriptId: _id, ...r }) => r)) });
  return entries;
}
