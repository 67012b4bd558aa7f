import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { modeOfScreenshot, writeVisualReport } from './visual-report.ts';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const storyFile = 'packages/transcript-kit/src/ConnectionBanner/ConnectionBanner.stories.tsx';
const screenshots = path.join(repoRoot, 'packages/transcript-kit/src/ConnectionBanner/__screenshots__/ConnectionBanner.stories.tsx');
const baseline = path.join(screenshots, 'Reconnecting-chromium-linux.png');
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'visual-report-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('visual report', () => {
  it('names the review mode of a screenshot from its file name', () => {
    expect(modeOfScreenshot('/x/__screenshots__/A.stories.tsx/Modes-phone-dark-de-chromium-linux.png')).toMatchObject({
      viewport: 'phone',
      scheme: 'dark',
      locale: 'de',
    });
    expect(modeOfScreenshot('/x/__screenshots__/A.stories.tsx/Cost-Dark-chromium-linux.png')).toBeUndefined();
  });

  // A real story, a deliberately changed style, the real screenshot check against the committed baseline:
  // the run fails and leaves the report with the baseline, the rendering and the diff next to it.
  const runStories = (testNamePattern: string, style: string, outDir: string) => {
    const run = spawnSync(
      path.join(repoRoot, 'node_modules/.bin/vitest'),
      ['run', '--project', 'storybook', storyFile, '-t', testNamePattern],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        env: {
          // Not this run's own variables: the child is a run of its own.
          ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST'))),
          VITE_VISUAL_REPORT_TEST_STYLE: style,
          VISUAL_REPORT_DIR: outDir,
        },
      },
    );
    return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
  };

  it('is written by a story run whose screenshot no longer matches its baseline', () => {
    const outDir = tempDir();
    const before = sha(baseline);
    const run = runStories('^Reconnecting$', '[role="status"] { border: 3px solid rgb(255, 0, 0) !important; }', outDir);
    expect(run.status, run.output).not.toBe(0);
    expect(run.output).toMatch(/toMatchScreenshot/);
    // The committed baseline stays as it was.
    expect(sha(baseline)).toBe(before);

    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toContain('ConnectionBanner › Reconnecting');
    const images = readdirSync(path.join(outDir, 'images')).sort();
    expect(images).toEqual(['1-actual.png', '1-diff.png', '1-expected.png']);
    for (const image of images) {
      expect(html).toContain(`src="images/${image}"`);
      expect(readFileSync(path.join(outDir, 'images', image)).subarray(0, 8)).toEqual(pngSignature);
    }
    // Expected is the committed baseline; actual is what the changed style rendered.
    expect(sha(path.join(outDir, 'images/1-expected.png'))).toBe(before);
    expect(sha(path.join(outDir, 'images/1-actual.png'))).not.toBe(before);
    expect(html).toMatch(/href="[^"]*storybook-static\/index\.html\?path=\/story\/transcript-kit-connectionbanner--reconnecting"/);
  }, 180_000);

  it('names the modes whose screenshots changed (a style change on phones only)', () => {
    const outDir = tempDir();
    const run = runStories(
      '^Modes$',
      '@media (max-width: 400px) { [role="status"] { border: 3px solid rgb(255, 0, 0) !important; } }',
      outDir,
    );
    expect(run.status, run.output).not.toBe(0);
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const modes = [...html.matchAll(/<h2>ConnectionBanner › Modes <span class="mode">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(modes).toEqual(['phone, light, en', 'phone, light, de', 'phone, dark, en', 'phone, dark, de']);
    expect(readdirSync(path.join(outDir, 'images'))).toHaveLength(12);
    expect(sha(path.join(outDir, 'images/4-expected.png'))).toBe(sha(path.join(screenshots, 'Modes-phone-dark-de-chromium-linux.png')));
  }, 180_000);

  it('shows each failure with its mode and says what is missing', () => {
    const outDir = tempDir();
    const index = writeVisualReport(
      [
        {
          story: 'ConnectionBanner › Modes',
          storyId: 'transcript-kit-connectionbanner--modes',
          file: storyFile,
          mode: modeOfScreenshot('Modes-phone-dark-de-chromium-linux.png'),
          message: 'Could not capture a stable screenshot',
          expected: baseline,
          actual: undefined,
          diff: path.join(outDir, 'does-not-exist.png'),
        },
      ],
      outDir,
    );
    const html = readFileSync(index, 'utf8');
    expect(html).toContain('phone, dark, de');
    expect(html).toContain('globals=viewport:phone;scheme:dark;locale:de');
    expect(html.match(/class="missing"/g)).toHaveLength(2);
    expect(existsSync(path.join(outDir, 'images/1-expected.png'))).toBe(true);
  });
});
