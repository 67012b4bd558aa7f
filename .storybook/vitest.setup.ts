import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { setInteractionModality } from 'react-aria/private/interactions/useFocusVisible';
import { clearAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';
import { afterEach, beforeEach, expect } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { toastStore } from '../packages/ui/src/components/Toast/toastQueue.ts';
import { modeGlobals, reviewModes, viewportSize, type ReviewMode } from './modes.ts';
import * as previewAnnotations from './preview.tsx';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Resizes the runner's window to fit a frame of this size; null restores its first size (vitest.config.ts). */
    fitWindow: (size: { width: number; height: number } | null) => Promise<void>;
  }
}

const storyViewportStyles = { width: '1024px', height: '640px' };

// Screenshots must not depend on timing: no animations or transitions, no blinking caret,
// and a body that fills the fixed viewport so fixed overlays (dialogs, drawers, toasts) are inside it.
const freeze = document.createElement('style');
freeze.textContent = `
  *, *::before, *::after {
    animation-duration: 0s !important;
    animation-delay: 0s !important;
    transition-duration: 0s !important;
    transition-delay: 0s !important;
    caret-color: transparent !important;
  }
  html, body { height: 100%; }
  body { padding: 24px; }
`;
document.head.appendChild(freeze);

// The visual report's own test (.storybook/visualReport.test.ts) changes a style on purpose through this
// variable, so that a real story's screenshot check fails against its committed baseline.
const deliberateStyle = import.meta.env.VITE_VISUAL_REPORT_TEST_STYLE as string | undefined;
if (deliberateStyle) {
  const changed = document.createElement('style');
  changed.textContent = deliberateStyle;
  document.head.appendChild(changed);
}

/**
 * Moves the real mouse to the top-left corner, so no element keeps a hover style from the play
 * function's last click: whether that style survived depended on timing, and baselines flickered.
 */
async function parkPointer() {
  const spot = document.createElement('div');
  spot.style.cssText = 'position:fixed;left:0;top:0;width:4px;height:4px;z-index:2147483647';
  document.body.appendChild(spot);
  try {
    // force: a modal overlay may cover the corner (and make the spot inert); the mouse still moves.
    // Two points: even when the mouse already rests where the last story parked it, it really moves
    // (otherwise whether a hover style survived depended on which story ran before).
    for (const position of [
      { x: 1, y: 1 },
      { x: 3, y: 3 },
    ]) {
      await userEvent.hover(spot, { force: true, timeout: 10_000, position } as Parameters<typeof userEvent.hover>[1]);
    }
    // Whether Chromium sends that pointerover still depended on timing; react-aria ends every hover on a
    // pointerover elsewhere, so send one for sure.
    spot.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true, pointerType: 'mouse', isPrimary: true }));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  } finally {
    spot.remove();
  }
}

// waitFor and findBy* give up after 1 s by default. That is a deadline for a condition, not a
// measurement, and on a busy 2-core machine (a story test run next to other engineers' builds and
// servers) a render, an audio element's metadata or a recorder's first piece can take longer: 145
// waitFor calls and most findBy* calls in the stories relied on the default. A story that means a
// time bound says so with its own timeout.
configure({ asyncUtilTimeout: 10_000 });

// Page-wide state outlives a story: react-aria's live announcer (one node per document) and ui's toast
// queue (module-level). Both start empty for every story, so one story's announcements and toasts
// never reach the next one's queries, axe run or screenshot.
beforeEach(() => {
  clearAnnouncer();
  toastStore.reset();
});
afterEach(() => clearAnnouncer());

/** The review mode being screenshot (see the 'modes' pass below); null for a story's own run. */
let currentMode: ReviewMode | null = null;

/**
 * A story tagged 'modes' is rendered again in every review mode (modes.ts) after its own run: viewport,
 * scheme and locale set as the toolbar sets them, axe and a screenshot per mode (`<Story>-<mode>.png`).
 * Every mode runs even when one fails, so the visual report shows all of them.
 */
afterEach(async (context) => {
  const story = (
    context as unknown as { story?: { tags: string[]; globals: Record<string, unknown>; run: (extra?: object) => Promise<void> } }
  ).story;
  if (!story?.tags.includes('modes') || context.task.result?.state === 'fail') return;
  const failures: string[] = [];
  try {
    for (const mode of reviewModes) {
      currentMode = mode;
      clearAnnouncer();
      toastStore.reset();
      // Whether an autofocused field shows its focus ring follows the last interaction on the page, which
      // an earlier story's play function left behind: every mode starts from the same one.
      setInteractionModality('keyboard');
      const size = viewportSize(mode.viewport);
      await commands.fitWindow(size);
      await page.viewport(size.width, size.height);
      try {
        await story.run({ globals: { ...story.globals, ...modeGlobals(mode) } });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push(`${mode.name}: ${message}`);
        // The visual report (scripts/visual-report.ts) pairs each failed screenshot with its mode.
        if (message.includes('toMatchScreenshot')) {
          const meta = context.task.meta as { failedScreenshotModes?: string[] };
          meta.failedScreenshotModes = [...(meta.failedScreenshotModes ?? []), mode.name];
        }
      }
    }
  } finally {
    currentMode = null;
    clearAnnouncer();
    await commands.fitWindow(null);
  }
  if (failures.length > 0) throw new Error(`Failed in ${failures.length} of ${reviewModes.length} modes:\n${failures.join('\n')}`);
  // Eight renders and screenshots (a failing one retries for seconds) on a busy 2-core machine.
}, 180_000);

const annotations = setProjectAnnotations([
  a11yAddonAnnotations,
  previewAnnotations,
  {
    // addon-vitest sizes the page per story from the viewport parameter (1200x900 by default, which
    // the runner then scales down to fit its window and blurs the screenshots). A frame that fits
    // unscaled keeps every baseline pixel-exact. Stories may still pick another viewport global.
    parameters: {
      viewport: {
        options: { testFrame: { name: 'Test frame', styles: storyViewportStyles, type: 'desktop' } },
        defaultViewport: 'testFrame',
      },
    },
    // After render, play and axe: compare the whole frame with the story's committed baseline.
    async afterEach(context) {
      if (context.parameters.screenshot === false) return;
      // A 'modes' story's own run is the desktop-light-en mode again: only its mode runs are screenshot.
      if (context.tags.includes('modes') && !currentMode) return;
      await document.fonts.ready;
      await parkPointer();
      const name = currentMode ? `${context.name} ${currentMode.name}` : context.name;
      await expect.element(page.elementLocator(document.body)).toMatchScreenshot(name.replace(/\W+/g, '-'));
    },
  },
]);

export default annotations;
