// HTML report of failed story screenshots: expected, actual and diff side by side per story and mode, so a
// reviewer can judge a visual change in a browser instead of reading PNGs in git. Written by the Vitest
// reporter below after every run with a failed screenshot comparison (test-results/visual-report/).
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';
import { reviewModes, type ReviewMode } from '../.storybook/modes.ts';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the report goes unless VISUAL_REPORT_DIR says otherwise. */
export const defaultReportDir = path.join(repoRoot, 'test-results/visual-report');
/** The static Storybook build (`pnpm storybook:build`) the report links each story to. */
export const storybookStaticDir = path.join(repoRoot, 'storybook-static');

export interface VisualFailure {
  /** Component and story, e.g. "ConnectionBanner › Modes". */
  story: string;
  storyId?: string;
  /** The story test's file, relative to the repository. */
  file: string;
  /** The review mode of the screenshot, when it is one of a 'modes' story's. */
  mode?: ReviewMode;
  message: string;
  expected?: string;
  actual?: string;
  diff?: string;
}

/** The review mode a screenshot belongs to, from its file name (`<Story>-<mode>-chromium-linux.png`). */
export function modeOfScreenshot(file: string | undefined): ReviewMode | undefined {
  if (!file) return undefined;
  const base = path.basename(file);
  return reviewModes.find((mode) => base.includes(`-${mode.name}-`) || base.endsWith(`-${mode.name}.png`));
}

const modeNamed = (name: string | null | undefined) => reviewModes.find((mode) => mode.name === name);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// eslint-disable-next-line no-control-regex
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

function storybookLink(outDir: string, failure: VisualFailure): string | undefined {
  if (!failure.storyId) return undefined;
  const globals = failure.mode
    ? `&globals=${encodeURIComponent(`viewport:${failure.mode.viewport};scheme:${failure.mode.scheme};locale:${failure.mode.locale}`).replace(/%3A/g, ':').replace(/%3B/g, ';')}`
    : '';
  const relative = path.relative(outDir, path.join(storybookStaticDir, 'index.html')).split(path.sep).join('/');
  return `${relative}?path=/story/${encodeURIComponent(failure.storyId)}${globals}`;
}

/**
 * Writes `index.html` and the images (copied next to it, so the folder can be zipped or served as is)
 * into a fresh `outDir`. Returns the path of index.html.
 */
export function writeVisualReport(failures: VisualFailure[], outDir = defaultReportDir): string {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(path.join(outDir, 'images'), { recursive: true });
  const storybookBuilt = existsSync(path.join(storybookStaticDir, 'index.html'));

  const sections = failures.map((failure, index) => {
    const figure = (label: string, source: string | undefined, kind: string) => {
      if (!source || !existsSync(source)) return `<figure><figcaption>${label}</figcaption><p class="missing">none</p></figure>`;
      const name = `images/${index + 1}-${kind}.png`;
      copyFileSync(source, path.join(outDir, name));
      return `<figure><figcaption>${label}</figcaption><a href="${name}"><img src="${name}" alt="${label}: ${escapeHtml(failure.story)}"></a></figure>`;
    };
    const link = storybookLink(outDir, failure);
    const mode = failure.mode ? `${failure.mode.viewport}, ${failure.mode.scheme}, ${failure.mode.locale}` : 'default';
    return `<section>
  <h2>${escapeHtml(failure.story)} <span class="mode">${escapeHtml(mode)}</span></h2>
  <p class="meta">${escapeHtml(failure.file)}${link ? ` · <a href="${escapeHtml(link)}">open in Storybook</a>` : ''}</p>
  <pre>${escapeHtml(stripAnsi(failure.message))}</pre>
  <div class="images">${figure('Expected (baseline)', failure.expected, 'expected')}${figure('Actual', failure.actual, 'actual')}${figure('Diff', failure.diff, 'diff')}</div>
</section>`;
  });

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Visual differences (${failures.length})</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1a1a1a; }
  section { border-top: 1px solid #ccc; padding: 12px 0; }
  h2 { font-size: 16px; margin: 0 0 4px; }
  .mode { font-weight: normal; color: #555; margin-left: 8px; }
  .meta { color: #555; margin: 0 0 8px; }
  pre { white-space: pre-wrap; background: #f4f4f4; padding: 8px; margin: 0 0 8px; }
  .images { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; align-items: start; }
  figure { margin: 0; }
  figcaption { font-weight: 600; margin-bottom: 4px; }
  img { max-width: 100%; border: 1px solid #ccc; }
  .missing { color: #888; }
</style>
</head>
<body>
<h1>Visual differences: ${failures.length} screenshot${failures.length === 1 ? '' : 's'}</h1>
<p>Each failing story screenshot with its committed baseline, what the run rendered, and the pixels that differ.
If the change is intended, update the baselines (<code>vitest run --project storybook &lt;file&gt; -u</code>) and commit them.
${storybookBuilt ? 'Links open the stories in the static Storybook build.' : 'Links open the static Storybook build: build it first with <code>pnpm storybook:build</code>.'}</p>
${sections.join('\n')}
</body>
</html>
`;
  const index = path.join(outDir, 'index.html');
  writeFileSync(index, html);
  return index;
}

interface ScreenshotArtifact {
  type: string;
  message?: string;
  attachments?: { name?: string; path?: string }[];
}

/**
 * Vitest reporter: after a run with failed screenshot comparisons, writes the report and prints where.
 * A run of story tests without any removes an old report, so a report on disk is always the last run's.
 */
export default class VisualReportReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const outDir = process.env.VISUAL_REPORT_DIR ? path.resolve(process.env.VISUAL_REPORT_DIR) : defaultReportDir;
    const failures: VisualFailure[] = [];
    let ranStories = false;
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const { storyId, componentName, failedScreenshotModes } = test.meta() as {
          storyId?: string;
          componentName?: string;
          failedScreenshotModes?: string[];
        };
        let failedScreenshot = 0;
        if (storyId) ranStories = true;
        // A story that expects a mismatch (the visual regression check of the screenshot set-up) passes.
        if (test.result().state !== 'failed') continue;
        for (const artifact of test.artifacts() as ReadonlyArray<ScreenshotArtifact>) {
          if (artifact.type !== 'internal:toMatchScreenshot') continue;
          const file = (name: string) => artifact.attachments?.find((a) => a.name === name)?.path;
          failures.push({
            story: `${componentName ?? path.basename(testModule.moduleId).replace(/\.stories\.tsx?$/, '')} › ${test.fullName.replace(/ > /g, ' › ')}`,
            storyId,
            file: path.relative(repoRoot, testModule.moduleId),
            mode: modeNamed(failedScreenshotModes?.[failedScreenshot++]) ?? modeOfScreenshot(file('reference') ?? file('actual')),
            message: artifact.message ?? '',
            expected: file('reference'),
            actual: file('actual'),
            diff: file('diff'),
          });
        }
      }
    }
    if (failures.length > 0) {
      const index = writeVisualReport(failures, outDir);
      console.log(`\nVisual differences in ${failures.length} screenshot(s): ${index}\n`);
    } else if (ranStories) {
      rmSync(outDir, { recursive: true, force: true });
    }
  }
}
