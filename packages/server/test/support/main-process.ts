// The real entry point (node --import tsx src/main.ts) as a child process, for tests that kill and
// restart the server on the same data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface MainProcess {
  process: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts src/main.ts on the embedded database with a cheap captcha; `env` adds to or overrides that. */
export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'info', ALTCHA_COST: '10', ALTCHA_MAX_NUMBER: '40', ...env },
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { process: child, output: () => out, exited: new Promise((resolve) => child.on('exit', resolve)) };
}

/** Resolves once /api/health answers; fails with the child's output if it exits or takes too long. */
export async function healthy(url: string, child: MainProcess, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.process.exitCode !== null) throw new Error(`server exited early:\n${child.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${child.output()}`);
}
