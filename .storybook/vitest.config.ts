import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { chromiumArgs, chromiumPath } from '../vite.shared.ts';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/** Fixed viewport so every visual baseline has the same frame (vitest.setup.ts pins the same size per story). */
export const storyViewport = { width: 1024, height: 640 };

/**
 * Media for story tests: Chromium's fake microphone (a beep, permission granted without a prompt) so the
 * record dialog's stories drive a real getUserMedia + MediaRecorder, and audio that may play without a
 * user gesture, because play functions' synthetic clicks are not user activation.
 */
/** The runner window's size before a 'modes' pass first resized it (restored after each pass). */
let firstWindowSize: { width: number; height: number } | undefined;

const mediaArgs = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'];

// Every story runs in Chromium: render, play function, axe (a11y.test = 'error'), then a screenshot
// compared with its committed baseline (see vitest.setup.ts). The vite plugins (React + Lingui macro,
// .po loader, vanilla-extract) come from main.ts's viteFinal, which storybookTest applies.
export default defineProject({
  root: path.join(dirname, '..'),
  plugins: [storybookTest({ configDir: path.join(dirname, '.') })],
  // Imported only by the compiled output of *.css.ts files, so vite's scan does not find it: discovered
  // mid-run, it made vite re-optimize and reload, and a story file failed to load on a fresh clone.
  // Resolved from the root, hence the root devDependency.
  optimizeDeps: { include: ['@vanilla-extract/sprinkles/createRuntimeSprinkles'] },
  test: {
    name: 'storybook',
    // A deadline, not a measurement: the 5,000-segment viewer story renders and scrolls for real, and
    // the find story (4.5 s alone) passed 30 s twice while server tests and builds shared the 2 cores.
    testTimeout: 60_000,
    setupFiles: ['.storybook/vitest.setup.ts'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs, ...mediaArgs] } }),
      instances: [{ browser: 'chromium', viewport: storyViewport }],
      viewport: storyViewport,
      // Lets a story check the system-preference paths (dark scheme, reduced motion) for real.
      commands: {
        emulateMedia: async (ctx, media: { colorScheme?: 'light' | 'dark'; reducedMotion?: 'reduce' | 'no-preference' }) => {
          await ctx.page.emulateMedia(media);
        },
        // The runner scales a story frame larger than its window down (blurred screenshots); a mode's
        // viewport taller than the test frame (phone) gets a window that fits it, 1:1.
        fitWindow: async (ctx, size: { width: number; height: number } | null) => {
          const first = (firstWindowSize ??= ctx.page.viewportSize() ?? storyViewport);
          await ctx.page.setViewportSize(
            size ? { width: Math.max(size.width, first.width), height: Math.max(size.height, first.height) } : first,
          );
        },
      },
      // Screenshot baselines (and diffs on failure) are written through the browser API.
      api: { allowWrite: true, allowExec: false },
      expect: {
        toMatchScreenshot: {
          comparatorName: 'pixelmatch',
          // A pixel COUNT, not a ratio: a 1% ratio let a 12 px layout shift through. The per-pixel colour
          // threshold is low (default 0.1) so a subtle token change such as accent -> accentHover fails too;
          // rendering is deterministic here (same Chromium, bundled font, animations off).
          comparatorOptions: { allowedMismatchedPixels: 20, threshold: 0.03 },
        },
      },
    },
  },
});
