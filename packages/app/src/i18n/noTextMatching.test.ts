// Issue 14: the app translates the API's errors by code. Its source (tests aside) must not hold an
// English error text of the registry as a key, string or pattern; only Lingui's source texts
// (msg`…`, t`…`, msg({ message })) may spell them, and no i18n code may match text with a RegExp.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiErrors } from '@scribe/api-client';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The source without comments, Lingui's source texts and developer logs (console, English on purpose). */
function stripped(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/\b(?:msg|t)`(?:[^`\\]|\\.)*`/g, 'LINGUI')
    .replace(/\bmsg\(\{\s*message:\s*(['"])(?:(?!\1)[^\\]|\\.)*\1,?\s*\}\)/g, 'LINGUI')
    .replace(/\bconsole\.\w+\((['"])(?:(?!\1)[^\\]|\\.)*\1/g, 'console(');
}

/** The fixed words of each registry text: the parts between its {params} of two words or more. */
const fixedParts = [
  ...new Set(
    Object.values(apiErrors as Record<string, string>).flatMap((text) =>
      text
        .split(/\{(?:[^{}]|\{[^{}]*\})*\}/)
        .map((part) => part.trim())
        .filter((part) => part.length >= 8 && part.includes(' ')),
    ),
  ),
];

/** Where the app's code (not its tests) spells an English error text outside Lingui's source texts. */
function englishTextsIn(files: string[], parts: readonly string[]): string[] {
  return files.flatMap((file) => {
    const code = stripped(readFileSync(file, 'utf8'));
    return parts.filter((part) => code.includes(part)).map((part) => `${relative(srcDir, file)}: ${part}`);
  });
}

describe('the app translates errors by code, not by English text', () => {
  const files = sourceFiles(srcDir);

  it('reads the whole app', () => {
    expect(files.some((f) => f.endsWith(join('i18n', 'errors.ts')))).toBe(true);
    expect(files.length).toBeGreaterThan(50);
  });

  it('spells no English error text of the registry outside Lingui source texts', () => {
    expect(englishTextsIn(files, fixedParts)).toEqual([]);
  });

  it('would find a text matched as a string or a pattern', () => {
    const planted = fileURLToPath(new URL('./messages.ts', import.meta.url));
    const code = stripped(
      [
        "const map = { 'Passwords do not match': x };",
        'const pattern = /^Please upload a file smaller than ([\\d.]+)MB\\.$/;',
        'const fine = msg`Passwords do not match`;',
      ].join('\n'),
    );
    expect(fixedParts.filter((part) => code.includes(part))).toEqual(['Passwords do not match', 'Please upload a file smaller than']);
    expect(englishTextsIn([planted], fixedParts)).toEqual([]);
  });

  it('matches no text with a RegExp in the translation code', () => {
    const i18nFiles = files.filter((f) => relative(srcDir, f).startsWith('i18n'));
    const patterns = i18nFiles.filter((f) => /new RegExp|\.match\(|\.exec\(|\.test\(|=\s*\/\^/.test(stripped(readFileSync(f, 'utf8'))));
    expect(patterns.map((f) => relative(srcDir, f))).toEqual([]);
  });
});
