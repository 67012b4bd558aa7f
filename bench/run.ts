// `pnpm bench`: runs every bench/*.bench.ts in its own process, one after another (2 cores: no overlap),
// so each prints its figures next to a baseline measured in the same run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], {
    stdio: 'inherit',
    cwd: join(dir, '..'),
  });
  if (result.status !== 0) {
    failed++;
    console.log(`${file} exited with ${result.status}`);
  }
}
if (failed) process.exit(1);
