import { serverPath } from '../../paths.ts';

/**
 * The tutorial's sample recording, shipped with the server package (found from this file, not from
 * the working directory). Source and licence: packages/server/assets/tutorial/README.md.
 */
export const TUTORIAL_AUDIO_PATH = serverPath('assets', 'tutorial', 'librivox-sense-and-sensibility-0870.wav');
export const TUTORIAL_AUDIO_MIME = 'audio/wav';

/** The top-level folder holding each user's sample transcript. */
export const TUTORIAL_FOLDER_NAME = 'Tutorial';
export const TUTORIAL_TRANSCRIPT_TITLE = 'Sample: Sense and Sensibility (LibriVox)';

/** The sample's original file name, as an upload would record it. */
export const TUTORIAL_SAMPLE_FILE_NAME = 'librivox-sense-and-sensibility-0870.wav';
