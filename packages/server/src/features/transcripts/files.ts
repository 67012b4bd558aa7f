import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../storage/index.ts';

/** Where a transcript's files live: its audio now, derived files (exports, outputs) later. */
export function transcriptPrefix(userId: number, transcriptId: number): string {
  return `users/${userId}/transcripts/${transcriptId}/`;
}

export function audioKey(userId: number, transcriptId: number, extension: string): string {
  return `${transcriptPrefix(userId, transcriptId)}audio.${extension}`;
}

/**
 * Removes stored files of deleted transcripts. Runs after the rows are gone: a failure is logged,
 * never undoes the delete the user asked for, and leaves at worst an orphaned file.
 */
export function createTranscriptFiles(storage: Storage, log: FastifyBaseLogger) {
  return {
    async removeAll(userId: number, transcriptIds: number[]): Promise<void> {
      // A few at a time: a folder may hold thousands of transcripts.
      for (let i = 0; i < transcriptIds.length; i += 8) {
        await Promise.all(
          transcriptIds.slice(i, i + 8).map(async (id) => {
            try {
              await storage.deletePrefix(transcriptPrefix(userId, id));
            } catch (err) {
              log.error({ err, userId, transcriptId: id }, 'could not delete stored files of a deleted transcript');
            }
          }),
        );
      }
    },
  };
}
export type TranscriptFiles = ReturnType<typeof createTranscriptFiles>;
