// Names the test file a crashed worker was running. When a test process dies (a native crash, the
// kernel's OOM killer), Vitest reports only "Worker exited unexpectedly": the file is then neither
// passed nor failed, and its tests have no result. This reporter lists such files and the tests in
// them that had started, so a CI log says where to look.
//
// It also names what runs when no test has finished for a while (TEST_STALL_REPORT_SECONDS, 600 by
// default): a test that blocks its worker's event loop never reaches its own timeout, and a CI run that
// stops at its deadline prints no summary, so without this line a stalled run says nothing of where.
import type { Reporter, TestCase, TestModule } from 'vitest/node';

export interface UnfinishedFile {
  /** The file, relative to the repository, and its project. */
  file: string;
  project: string;
  /** Tests that had started and have no result: what was running when the worker died. */
  running: string[];
}

/**
 * The files of a run that ended without a result of their own (neither passed, failed nor skipped),
 * with their tests that `started` and have no result.
 */
export function unfinishedFiles(modules: ReadonlyArray<TestModule>, root: string, started: (test: TestCase) => boolean): UnfinishedFile[] {
  const files: UnfinishedFile[] = [];
  for (const module of modules) {
    const state = module.state();
    if (state === 'passed' || state === 'failed' || state === 'skipped') continue;
    const running: string[] = [];
    for (const test of module.children.allTests()) {
      if (test.result().state === 'pending' && started(test)) running.push(test.fullName);
    }
    const file = relativeTo(root, module.moduleId);
    files.push({ file, project: module.project.name, running });
  }
  return files;
}

/** A file's path relative to the repository root (unchanged when it lies outside). */
function relativeTo(root: string, file: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/** A file with its project, as the stall line names it: `path (project)`, or the path alone. */
function fileLabel(root: string, module: TestModule): string {
  return `${relativeTo(root, module.moduleId)}${module.project.name ? ` (${module.project.name})` : ''}`;
}

export default class UnfinishedReporter implements Reporter {
  private root = process.cwd();
  private started = new Set<string>();
  /** Tests that started and have no result yet, by id: their file, project and name. */
  private running = new Map<string, string>();
  /** Files that started and have not ended, by id. */
  private modules = new Map<string, string>();
  private lastProgress = Date.now();
  private stallWatch: ReturnType<typeof setInterval> | undefined;

  onInit(vitest: { config: { root: string } }) {
    this.root = vitest.config.root;
    const stallSeconds = Number(process.env.TEST_STALL_REPORT_SECONDS ?? 600);
    if (!(stallSeconds > 0)) return;
    this.stallWatch = setInterval(() => this.reportStall(stallSeconds), Math.min(stallSeconds * 500, 30_000));
    this.stallWatch.unref();
  }

  onTestCaseReady(test: TestCase) {
    this.started.add(test.id);
    this.running.set(test.id, `${fileLabel(this.root, test.module)} > ${test.fullName}`);
    this.lastProgress = Date.now();
  }

  onTestCaseResult(test: TestCase) {
    this.running.delete(test.id);
    this.lastProgress = Date.now();
  }

  // A worker reports a test's start in a batch that a blocked event loop may never send: the files in
  // flight say where, then.
  onTestModuleStart(module: TestModule) {
    this.modules.set(module.id, fileLabel(this.root, module));
  }

  onTestModuleEnd(module: TestModule) {
    this.modules.delete(module.id);
  }

  private reportStall(seconds: number) {
    if (Date.now() - this.lastProgress < seconds * 1000 || this.modules.size === 0) return;
    const lines = [...this.modules.values()].map((file) => `  file: ${file}`);
    lines.push(...[...this.running.values()].map((name) => `  test: ${name}`));
    console.error(`\nNo test has finished for ${seconds} s; still running:\n${lines.join('\n')}\n`);
    // Once per quiet period, not at every check.
    this.lastProgress = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    clearInterval(this.stallWatch);
    const files = unfinishedFiles(modules, this.root, (test) => this.started.has(test.id));
    if (files.length === 0) return;
    const lines = files.flatMap(({ file, project, running }) => [
      project ? `  ${file} (${project})` : `  ${file}`,
      ...(running.length ? running.map((name) => `    no result: ${name}`) : ['    no test had started']),
    ]);
    console.error(`\nTest files that did not finish (their worker ended before them):\n${lines.join('\n')}\n`);
  }
}
