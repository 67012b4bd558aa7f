// The tests' Chromium arguments (vite.shared.ts) turn off the address bar's pop-up without turning back on
// what Playwright turns off: Chromium reads only the last --disable-features, so ours replaces Playwright's.
import { chromium, type Browser } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { browserUiFeaturesOff, chromiumArgs, chromiumPath } from '../vite.shared.ts';

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** The parent of process `pid`, or null once it has ended. */
function parentOf(pid: string): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  } catch {
    return null;
  }
}

/** The features this process's Chromium renderers were started with turned off (the browser's final list). */
function rendererDisabledFeatures(): Set<string> {
  const pids = readdirSync('/proc').filter((pid) => /^\d+$/.test(pid));
  const ours = new Set([String(process.pid)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const pid of pids) {
      const parent = parentOf(pid);
      if (!ours.has(pid) && parent !== null && ours.has(parent)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  const renderers = [...ours]
    .flatMap((pid) => {
      try {
        // A zygote's child retitles itself: its arguments then sit in one string, split by spaces.
        return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/)];
      } catch {
        return []; // ended meanwhile
      }
    })
    .filter((argv) => argv.includes('--type=renderer'));
  expect(renderers.length).toBeGreaterThan(0);
  const flag = renderers[0].findLast((a) => a.startsWith('--disable-features=')) ?? '--disable-features=';
  return new Set(flag.slice('--disable-features='.length).split(',').filter(Boolean));
}

async function launch(args: string[]): Promise<{ features: Set<string>; browserUi: string[] }> {
  browser = await chromium.launch({ executablePath: chromiumPath, args });
  const page = await browser.newPage();
  await page.setContent('<p>A page</p>');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = (await session.send('Target.getTargets', { filter: [{}] } as never)) as unknown as {
    targetInfos: { type: string; url: string }[];
  };
  const features = rendererDisabledFeatures();
  await browser.close();
  browser = undefined;
  return { features, browserUi: targetInfos.filter((t) => t.type === 'browser_ui').map((t) => t.url) };
}

describe("the tests' Chromium arguments", () => {
  it("keep every feature Playwright turns off, and no window loads the address bar's pop-up", async () => {
    const plain = await launch(['--no-sandbox']);
    // Chromium 156 loads chrome://omnibox-popup into each window by itself (plain.browserUi lists it); a
    // release that stops doing so needs the arguments no more, and this test still passes.
    const ours = await launch(chromiumArgs);
    expect(ours.browserUi).toEqual([]);
    expect([...plain.features].filter((name) => !ours.features.has(name))).toEqual([]);
    for (const name of browserUiFeaturesOff) expect(ours.features).toContain(name);
  }, 60_000);
});
