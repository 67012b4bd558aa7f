import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A dependency loaded on first use instead of at start-up: the libraries only some requests need
 * (date parsing, token counting, PDF and Word export, remote providers) cost more than a second of
 * start-up together. Synchronous, so callers stay as they are; each one has a CommonJS build.
 */
export function lazyModule<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
