import { z } from 'zod';

/**
 * For pages under a Content-Security-Policy without 'unsafe-eval' (the app's): zod's compiled object
 * parsers first probe `new Function`, which the browser reports as a CSP violation even though zod then
 * falls back; the interpreted parsers never try. The server keeps the compiled ones.
 */
export function preferInterpretedValidation(): void {
  z.config({ jitless: true });
}
