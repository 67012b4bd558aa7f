// Fails when a German catalog lacks a translation, or a catalog is out of date with the source
// (a string added in code but never extracted would silently stay English).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const packages = ['ui', 'transcript-kit', 'app'];

function untranslated(po: string): string[] {
  const missing: string[] = [];
  const entries = po.split(/\n\s*\n/);
  for (const entry of entries) {
    const id = /^msgid "(.*)"$/m.exec(entry)?.[1];
    const str = /^msgstr "(.*)"$/m.exec(entry)?.[1];
    const continued = /^msgstr ""\n"/m.test(entry);
    if (id && str === '' && !continued) missing.push(id);
  }
  return missing;
}

let failures = 0;
const before = new Map<string, string>();
for (const pkg of packages) {
  const dir = join(root, 'packages', pkg, 'src', 'locales');
  if (!existsSync(dir)) continue;
  for (const locale of readdirSync(dir)) {
    const file = join(dir, locale, 'messages.po');
    if (existsSync(file)) before.set(file, readFileSync(file, 'utf8'));
  }
  const de = join(dir, 'de', 'messages.po');
  if (existsSync(de)) {
    const missing = untranslated(readFileSync(de, 'utf8'));
    if (missing.length) {
      failures++;
      console.error(`${pkg}: ${missing.length} German strings untranslated:\n  ${missing.join('\n  ')}`);
    }
  }
}

// Extraction must not change the committed catalogs: otherwise a string escaped translation.
execFileSync(join(root, 'node_modules', '.bin', 'lingui'), ['extract'], { cwd: root, stdio: 'ignore' });
for (const [file, text] of before) {
  const after = readFileSync(file, 'utf8');
  if (after !== text) {
    failures++;
    console.error(`${file} is out of date: run 'pnpm i18n:extract' and translate the new strings.`);
  }
}
if (failures) process.exit(1);
console.log(`Catalogs complete: ${before.size} files checked.`);
