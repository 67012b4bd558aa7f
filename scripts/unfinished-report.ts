// Names the test file a crashed worker was running. When a test process dies (a native crash, the
// kernel's OOM killer), Vitest reports only "Worker exited unexpectedly": the file is then neither
// passed nor failed, and its tests have no result. This reporter lists such files and the tests in
// them that had started, so a CI log says where to look.
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
    const file = module.moduleId.startsWith(`${root}/`) ? module.moduleId.slice(root.length + 1) : module.moduleId;
    files.push({ file, project: module.project.name, running });
  }
  return files;
}

export default class UnfinishedReporter implements Reporter {
  private root = process.cwd();
  private started = new Set<string>();

  onInit(vitest: { config: { root: string } }) {
    this.root = vitest.config.root;
  }

  onTestCaseReady(test: TestCase) {
    this.started.add(test.id);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const files = unfinishedFiles(modules, this.root, (test) => this.started.has(test.id));
    if (files.length === 0) return;
    const lines = files.flatMap(({ file, project, running }) => [
      project ? `  ${file} (${project})` : `  ${file}`,
      ...(running.length ? running.map((name) => `    no result: ${name}`) : ['    no test had started']),
    ]);
    console.error(`\nTest files that did not finish (their worker ended before them):\n${lines.join('\n')}\n`);
  }
}
