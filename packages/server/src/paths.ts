import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder. This module sits directly below it in src/, and the production bundle
 * sits directly below it in dist/, so one level up is right in both (paths relative to other modules
 * would break once they are bundled into one file).
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** A path inside the server package (migrations, assets). */
export const serverPath = (...parts: string[]): string => join(serverRoot, ...parts);
