import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, journeyChromiumArgs } from './vite.shared.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh data folder per run: the journeys register new users and must not see old ones.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'scribe-e2e-'));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/failure-context-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace of every journey, kept when it fails: its network log and DOM snapshots (what
    // e2e/failure-context-reporter.ts prints), without its film strip. Trace screenshots make Chromium
    // stream a JPEG of every frame it draws while a journey runs, kept or not: on the auth and texts
    // journeys (12 tests) that was 146 s and 28,724 busy CPU ticks against 79 s and 14,329 without it
    // (again in the other order: 117 s / 22,408 against 70 s / 12,415).
    trace: { mode: 'retain-on-failure', screenshots: false },
    // A failing journey's last screen, instead.
    screenshot: 'only-on-failure',
    // The app's service worker serves its shell from a cache, so a reload no longer waits for a busy
    // server and the specs' waits would start earlier. Only e2e/pwa.spec.ts, which tests it, allows it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath, args: journeyChromiumArgs },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    // The production build (`pnpm build`: the app and the compiled server), served by the real server
    // on the embedded defaults.
    command: 'node packages/server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every spec registers its own accounts, all from 127.0.0.1.
      REGISTER_RATE_LIMIT_PER_IP: '1000',
      // Specs that record and never finish (the phone-sized dialog) hold a live-text slot until it idles
      // out (10 min); the live-text journey must still find one free, whatever order the specs run in.
      LIVE_DRAFT_MAX_SESSIONS: '4',
    },
  },
});
