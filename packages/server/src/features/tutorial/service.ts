import { createReadStream } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../storage/index.ts';
import type { TranscriptionQueue } from '../transcription/queue.ts';
import { audioKey, transcriptPrefix } from '../transcripts/files.ts';
import type { TranscriptsRepository } from '../transcripts/repository.ts';
import type { TutorialRepository } from './repository.ts';
import { TUTORIAL_AUDIO_MIME, TUTORIAL_AUDIO_PATH, TUTORIAL_SAMPLE_FILE_NAME, TUTORIAL_TRANSCRIPT_TITLE } from './sample.ts';

export interface TutorialServiceDeps {
  repo: TutorialRepository;
  transcripts: TranscriptsRepository;
  storage: Storage;
  queue: TranscriptionQueue;
  log: FastifyBaseLogger;
}

/**
 * The tutorial's sample transcript. It takes the path of an upload: the recording shipped with the
 * server is stored through the storage port under a new transcript id, the row is created as
 * 'processing' and the normal transcription job is enqueued.
 *
 * One free sample per account. While the user still has a sample (processing or completed, wherever
 * it was moved), a call answers that one: restarting the tutorial shows the same sample again, costs
 * nothing and piles up no copies. After the user deleted it (or its transcription failed), a call
 * makes a new one, in the 'Tutorial' folder (reused if it exists), charged like an upload of the same
 * recording (it is 7 s: 1 credit). The user asked for the sample again, so they get it rather than
 * an error that breaks the tutorial's step, and the price is that of any transcription, so deleting
 * and re-creating is no longer a way to transcribe for free.
 */
export function createTutorialService(deps: TutorialServiceDeps) {
  const { repo, storage, log } = deps;

  async function quietly(what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      log.error({ err }, what);
    }
  }

  return {
    async createSample(userId: number): Promise<{ id: number; created: boolean; free: boolean }> {
      const existing = await repo.existingSample(userId);
      if (existing !== undefined) return { id: existing, created: false, free: false };

      const id = await deps.transcripts.reserveId();
      const key = audioKey(userId, id, 'wav');
      let result: { id: number; created: boolean; free: boolean };
      try {
        const { bytes } = await storage.put(key, createReadStream(TUTORIAL_AUDIO_PATH), { contentType: TUTORIAL_AUDIO_MIME });
        result = await repo.insertSample({
          id,
          userId,
          title: TUTORIAL_TRANSCRIPT_TITLE,
          audioKey: key,
          audioMime: TUTORIAL_AUDIO_MIME,
          audioBytes: bytes,
          originalName: TUTORIAL_SAMPLE_FILE_NAME,
        });
      } catch (err) {
        await quietly('could not remove the audio of a failed tutorial sample', () => storage.deletePrefix(transcriptPrefix(userId, id)));
        throw err;
      }
      if (!result.created) {
        // A concurrent call made the sample first: this copy of the audio is not needed.
        await quietly('could not remove an unused tutorial sample audio', () => storage.deletePrefix(transcriptPrefix(userId, id)));
        return result;
      }
      // As for uploads: a job that failed to enqueue is found again by the worker's start-up recovery.
      await quietly(`could not enqueue transcription of tutorial transcript ${id}`, () => deps.queue.enqueue(id));
      return result;
    },
  };
}
export type TutorialService = ReturnType<typeof createTutorialService>;
