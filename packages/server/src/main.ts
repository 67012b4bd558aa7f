// The entry point. The compiled server (dist/main.js) first turns on Node's compile cache, then loads the
// server itself (server-main.ts, a file of its own in dist/): a restart then takes the compiled code of
// its ~900 modules from dist/.compile-cache instead of compiling them again. The cache must be on before
// those modules load, which is why it is this small module's job and the server is imported after it.
// Node checks every entry against its source and ignores stale ones; a build empties dist/.
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';
import { keepGenericWasmWrappers } from './wasm-wrapper-flags.ts';

// Everything the server writes (the cache here; audio, the database, keys later) is for its account only.
process.umask(0o077);
// Before PGlite or an audio decoder starts (wasm-wrapper-flags.ts says why).
keepGenericWasmWrappers();
const compiled = import.meta.url.endsWith('.js');
if (compiled) enableCompileCache(fileURLToPath(new URL('.compile-cache', import.meta.url)));
// A name the bundler does not follow (a literal, even in a conditional, would be bundled into this file).
const server = compiled ? './server-main.js' : './server-main.ts';
await import(server);
