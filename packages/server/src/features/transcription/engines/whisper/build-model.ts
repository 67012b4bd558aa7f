// Build step (bundled to dist/build-model.js and run by build.mjs): the rewritten Whisper graph in
// dist/models, so no data folder has to rewrite it on its first transcription.
import { serverPath } from '../../../../paths.ts';
import { prepareWhisperModel } from './model.ts';
import { prepareSharedWeightsModel } from './shared-weights.ts';

const prepared = await prepareWhisperModel({ cacheDir: serverPath('dist', 'models') });
// And its shared-weights form, which the inference processes load (shared-weights.ts).
await prepareSharedWeightsModel(prepared.modelPath, serverPath('dist', 'models'));
