// Writes the server's configuration table into the README between its markers, or with --check fails
// when the README is out of date (so the README's table never drifts from src/config-variables.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configTableMarkdown } from '../packages/server/src/config.ts';

const readmePath = join(import.meta.dirname, '..', 'README.md');
const begin = '<!-- config-table:begin -->';
const end = '<!-- config-table:end -->';

const readme = readFileSync(readmePath, 'utf8');
const start = readme.indexOf(begin);
const stop = readme.indexOf(end);
if (start < 0 || stop < start) throw new Error(`README.md lacks the ${begin} … ${end} markers`);
const next = `${readme.slice(0, start + begin.length)}\n${configTableMarkdown()}\n${readme.slice(stop)}`;

if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('README.md configuration table is out of date: run `pnpm readme:config`.');
    process.exit(1);
  }
  console.log('README configuration table matches src/config-variables.ts.');
} else {
  writeFileSync(readmePath, next);
}
