import type { WorkPool } from '../../../work/pool.ts';
import type { TranscriptSegment } from '../engines/types.ts';

/**
 * Speaker detection as the transcription worker sees it: the finished segments and their audio in,
 * the same segments with 'Speaker 1', 'Speaker 2', … out (split where a change falls inside one).
 */
export interface SpeakerFinder {
  find(input: { filePath: string; segments: readonly TranscriptSegment[]; count?: number }): Promise<TranscriptSegment[]>;
}

/**
 * Detection in the analysis threads (work/heavy-work.ts' findSpeakers, the built-in AI's kind): decoding
 * and detection read the whole recording for seconds, which the event loop must not. Admitted without
 * the queue's limit: a transcription that reached this step waits its turn instead of being refused.
 */
export function pooledSpeakerFinder(pool: WorkPool, tmpDir: string): SpeakerFinder {
  return {
    async find({ filePath, segments, count }) {
      const found = await pool.run(
        'ai',
        'findSpeakers',
        { filePath, tmpDir, segments: JSON.stringify(segments), ...(count === undefined ? {} : { count }) },
        { admitted: true },
      );
      return JSON.parse(new TextDecoder().decode(found.segments)) as TranscriptSegment[];
    },
  };
}
