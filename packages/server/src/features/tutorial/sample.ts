import { fileURLToPath } from 'node:url';

/**
 * The tutorial's sample recording, shipped with the server package (found from this file, not from
 * the working directory). Source and licence: packages/server/assets/tutorial/README.md.
 */
export const TUTORIAL_AUDIO_PATH = fileURLToPath(
  new URL('../../../assets/tutorial/librivox-sense-and-sensibility-0870.wav', import.meta.url),
);
export const TUTORIAL_AUDIO_MIME = 'audio/wav';

/** The top-level folder holding each user's sample transcript. */
export const TUTORIAL_FOLDER_NAME = 'Tutorial';
export const TUTORIAL_TRANSCRIPT_TITLE = 'Sample: Sense and Sensibility (LibriVox)';

/**
 * Stored as the sample transcript's original file name. Uploads always carry an accepted audio
 * extension, so no uploaded file can have this name: it marks a transcript as the tutorial sample
 * (free of charge) for as long as the transcript exists, also when a job is enqueued again by the
 * worker's recovery.
 */
export const TUTORIAL_SAMPLE_NAME = 'tutorial-sample';

export function isTutorialSample(originalName: string | null | undefined): boolean {
  return originalName === TUTORIAL_SAMPLE_NAME;
}
