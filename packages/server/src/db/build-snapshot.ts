// Build step (bundled to dist/build-snapshot.js and run by build.mjs): the new-database snapshot.
import { writeSnapshot } from './snapshot.ts';

await writeSnapshot();
