import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { clearAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';
import { afterEach, beforeEach, expect } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { toastStore } from '../packages/ui/src/components/Toast/toastQueue.ts';
import * as previewAnnotations from './preview.tsx';

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
      await userEvent.hover(spot, { force: true, timeout: 2000, position } as Parameters<typeof userEvent.hover>[1]);
    }
    // Whether Chromium sends that pointerover still depended on timing; react-aria ends every hover on a
    // pointerover elsewhere, so send one for sure.
    spot.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true, pointerType: 'mouse', isPrimary: true }));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  } finally {
    spot.remove();
  }
}

// Page-wide state outlives a story: react-aria's live announcer (one node per document) and ui's toast
// queue (module-level). Both start empty for every story, so one story's announcements and toasts
// never reach the next one's queries, axe run or screenshot.
beforeEach(() => {
  clearAnnouncer();
  toastStore.reset();
});
afterEach(() => clearAnnouncer());

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
      await document.fonts.ready;
      await parkPointer();
      await expect.element(page.elementLocator(document.body)).toMatchScreenshot(context.name.replace(/\W+/g, '-'));
    },
  },
]);

export default annotations;
