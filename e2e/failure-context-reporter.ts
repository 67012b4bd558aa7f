// Prints the page as it stood when a journey failed (Playwright's error context: the accessibility
// snapshot) into the run's output, and the API requests of its last minute from the trace. A CI run
// keeps only its output, not test-results/, and this is what tells a timing problem (a slow answer,
// a request never answered) from a wrong screen.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const MAX_CHARS = 6000;
const LAST_MS = 60_000;
const MAX_REQUESTS = 60;

interface ResourceSnapshot {
  startedDateTime: string;
  time: number;
  request: { method: string; url: string };
  response: { status: number; _failureText?: string };
}

/** The trace's finished API requests of its last minute, one line each: start (s before the end), method, path, status, duration. */
export function apiRequestLines(traceZip: Uint8Array): string[] {
  const files = unzipSync(traceZip, { filter: (file) => file.name.endsWith('.network') });
  const snapshots: ResourceSnapshot[] = [];
  for (const data of Object.values(files)) {
    for (const line of strFromU8(data).split('\n')) {
      if (!line) continue;
      const event = JSON.parse(line) as { type: string; snapshot?: ResourceSnapshot };
      if (event.type === 'resource-snapshot' && event.snapshot?.request.url.includes('/api/')) snapshots.push(event.snapshot);
    }
  }
  if (snapshots.length === 0) return [];
  const start = (s: ResourceSnapshot) => Date.parse(s.startedDateTime);
  snapshots.sort((a, b) => start(a) - start(b));
  const end = Math.max(...snapshots.map((s) => start(s) + Math.max(0, s.time)));
  return snapshots
    .filter((s) => start(s) >= end - LAST_MS)
    .slice(-MAX_REQUESTS)
    .map((s) => {
      const url = new URL(s.request.url);
      const status = s.response._failureText ?? String(s.response.status);
      return `-${((end - start(s)) / 1000).toFixed(1)} s  ${s.request.method} ${url.pathname}${url.search}  ${status}  ${Math.round(s.time)} ms`;
    });
}

export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name === 'error-context') {
        const text = attachment.body?.toString('utf8') ?? (attachment.path ? readFileSync(attachment.path, 'utf8') : '');
        const snapshot = text.slice(text.indexOf('```yaml') >= 0 ? text.indexOf('```yaml') : 0);
        process.stdout.write(`\n--- Page when "${test.title}" failed ---\n${snapshot.slice(0, MAX_CHARS)}\n`);
      } else if (attachment.name === 'trace' && attachment.path) {
        let lines: string[];
        try {
          lines = apiRequestLines(readFileSync(attachment.path));
        } catch (error) {
          lines = [`(trace unreadable: ${String(error)})`];
        }
        process.stdout.write(
          `\n--- Answered API requests of the last minute before "${test.title}" failed (a request missing here had no answer) ---\n${lines.join('\n')}\n`,
        );
      }
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
