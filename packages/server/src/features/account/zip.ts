import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { languageSchema } from '@scribe/api-client';
import type { UserRow } from '../../db/schema.ts';
import type { Storage } from '../../storage/index.ts';
import type { WorkPool } from '../../work/pool.ts';
import type { AccountRepository } from './repository.ts';
import { accountTranscriptEntries, json, transcriptFolder, type AccountTranscriptInput } from './zip-entries.ts';

export { transcriptFolder };

type ExportData = Awaited<ReturnType<AccountRepository['exportData']>>;

const README = `Your data from Audio Transcription

account.json          your profile
folders.json          your folders (parentId: the folder it is in)
prompts.json          your saved prompts
credit-ledger.json    every change of your credit balance
payments.json         your credit purchases
transcripts/<id>-<title>/
  transcript.json     the transcript with its timed segments
  transcript.txt      the same as plain text
  ai-outputs.json     results of AI prompts run over it
  revisions.json      every saved revision of its title and text (once it has been edited)
  audio.<ext>         the original audio file
`;

/**
 * Writes the zip as it is read: texts are added whole, each transcript's made in a worker thread when
 * `pool` is given (the caller admitted the export into its queue); each audio file is opened from
 * storage only when the zip reaches it, so one file at a time is held open.
 */
export async function writeAccountZip(
  user: UserRow,
  data: ExportData,
  storage: Storage,
  log: FastifyBaseLogger,
  pool?: WorkPool,
): Promise<Readable> {
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.outputStream.on('error', (err) => out.destroy(err));
  zip.outputStream.pipe(out);

  const mtime = new Date();
  // The transcript texts in the user's language; times in UTC, which the file names (JSON dates are UTC too).
  const saved = languageSchema.safeParse(user.language);
  const reader = { language: saved.success ? saved.data : 'en', timeZone: 'UTC' } as const;
  const add = (path: string, body: Buffer) => zip.addBuffer(body, path, { mtime });
  add('README.txt', Buffer.from(README, 'utf8'));
  add(
    'account.json',
    json({
      id: user.id,
      username: user.username,
      email: user.email,
      fullName: user.fullName,
      language: user.language,
      credits: user.credits,
      createdAt: user.createdAt,
    }),
  );
  add('folders.json', json(data.folders.map(({ userId: _userId, ...f }) => f)));
  add('prompts.json', json(data.prompts));
  add('credit-ledger.json', json(data.ledger));
  add('payments.json', json(data.payments));

  const outputsByTranscript = new Map<number, ExportData['aiOutputs']>();
  for (const output of data.aiOutputs) {
    const list = outputsByTranscript.get(output.transcriptId) ?? [];
    list.push(output);
    outputsByTranscript.set(output.transcriptId, list);
  }

  const revisionsByTranscript = new Map<number, ExportData['revisions']>();
  for (const revision of data.revisions) {
    const list = revisionsByTranscript.get(revision.transcriptId) ?? [];
    list.push(revision);
    revisionsByTranscript.set(revision.transcriptId, list);
  }

  for (const t of data.transcripts) {
    const dir = transcriptFolder(t.id, t.title);
    const input: AccountTranscriptInput = {
      transcript: t,
      outputs: outputsByTranscript.get(t.id) ?? [],
      revisions: revisionsByTranscript.get(t.id),
      reader,
    };
    const entries = pool
      ? await pool.run('exports', 'accountTranscriptEntries', input, { admitted: true })
      : accountTranscriptEntries(input);
    for (const e of entries) add(e.path, Buffer.from(e.body.buffer, e.body.byteOffset, e.body.byteLength));
    const key = t.audioKey;
    if (key && (await storage.stat(key))) {
      const extension = key.slice(key.lastIndexOf('.') + 1);
      // Audio formats are compressed already: storing them saves CPU for nothing lost.
      zip.addReadStreamLazy(`${dir}/audio.${extension}`, { mtime, compress: false }, (done) => {
        storage.get(key).then(
          (object) => {
            if (object) done(null, object.stream);
            else done(new Error(`audio file ${key} vanished during the export`), null as unknown as NodeJS.ReadableStream);
          },
          (err: Error) => done(err, null as unknown as NodeJS.ReadableStream),
        );
      });
    } else if (key) {
      log.warn({ userId: user.id, transcriptId: t.id }, 'data export: audio file missing from storage');
    }
  }
  zip.end();
  return out;
}
