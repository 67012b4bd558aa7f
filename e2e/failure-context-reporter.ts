// Prints the page as it stood when a journey failed (Playwright's error context: the accessibility
// snapshot) into the run's output. A CI run keeps only its output, not test-results/, and this is
// what tells a timing problem from a wrong screen.
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const MAX_CHARS = 6000;

export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context') continue;
      const text = attachment.body?.toString('utf8') ?? (attachment.path ? readFileSync(attachment.path, 'utf8') : '');
      const snapshot = text.slice(text.indexOf('```yaml') >= 0 ? text.indexOf('```yaml') : 0);
      process.stdout.write(`\n--- Page when "${test.title}" failed ---\n${snapshot.slice(0, MAX_CHARS)}\n`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
