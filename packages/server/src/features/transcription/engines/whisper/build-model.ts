// Build step (bundled to dist/build-model.js and run by build.mjs): the rewritten Whisper graph in
// dist/models, so no data folder has to rewrite it on its first transcription.
import { serverPath } from '../../../../paths.ts';
import { prepareWhisperModel } from './model.ts';
import { prepareSharedWeightsModel } from './shared-weights.ts';
import { prepareSplitModel } from './split-model.ts';

const prepared = await prepareWhisperModel({ cacheDir: serverPath('dist', 'models') });
// And its shared-weights form (shared-weights.ts), split into encoder, search and word aligner as the
// engine runs them (split-model.ts).
await prepareSplitModel(await prepareSharedWeightsModel(prepared.modelPath, serverPath('dist', 'models')));
