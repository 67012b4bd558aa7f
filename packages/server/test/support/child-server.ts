// The real server as a child process on a data folder, for tests that kill it (SIGKILL) and start it
// again on the same folder. Always the embedded database: a kill must not take a shared PostgreSQL with it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface Child {
  url: string;
  process: ChildProcessWithoutNullStreams;
  exited: Promise<void>;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
}

/** Starts test/support/server-process.ts on `dataDir` with `env` on top of the test defaults. */
export function startChild(dataDir: string, env: Record<string, string> = {}): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/server-process.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        ALTCHA_COST: '10',
        ALTCHA_MAX_NUMBER: '40',
        APP_DIST_DIR: join(dataDir, 'no-app'),
        ...env,
      },
    });
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port)
        resolve({
          url: `http://127.0.0.1:${port}`,
          process: child,
          exited,
          async kill() {
            child.kill('SIGKILL');
            await exited;
          },
        });
    });
    void exited.then(() => reject(new Error(`server process exited before listening\n${out}\n${err}`)));
  });
}
