// Why the server and its test workers keep V8's generic wasm-to-JS wrappers.
//
// A WebAssembly module calls JavaScript (PGlite's file system and clock, the audio decoders' output)
// through wrappers. V8 starts every import on one generic wrapper and, after 1,000 calls, compiles a
// specialised one into a cache shared by the whole process, freeing it again when no instance uses it.
// This process runs WebAssembly on several threads at once: PGlite in the database thread, the audio
// decoders in the decoding and heavy-work threads. Node 24's V8 has aborted the process twice in our
// test runs in its registry of code pages ("Check failed: jit_page_->allocations_.erase(addr) == 1";
// before that "jit_page.has_value()"), and the symbolised stack of the latest went from
// Runtime_TierUpWasmToJSWrapper through WasmImportWrapperCache::Free. Other projects running PGlite
// report the same aborts (nodejs/node#64500). A budget no import reaches keeps every import on the
// generic wrapper, so that compile-and-free path never runs. What it costs: about 18 ns more per call
// from WebAssembly into JavaScript; a PGlite workload of 7,000 queries and a batch of 20 decodes took
// the same time with and without it, within their run-to-run spread.
import { setFlagsFromString } from 'node:v8';

/** V8 flags for every process that runs the server or its tests (vitest.config.ts passes them too). */
export const WASM_WRAPPER_FLAGS = ['--wasm-wrapper-tiering-budget=2000000000'] as const;

/** Applies WASM_WRAPPER_FLAGS to this process; call before any WebAssembly is instantiated. */
export function keepGenericWasmWrappers(): void {
  for (const flag of WASM_WRAPPER_FLAGS) setFlagsFromString(flag);
}
