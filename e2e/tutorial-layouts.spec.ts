import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUser, register, tutorialDialog } from './helpers.ts';

// Each tutorial step shows what it names, on each layout: the card covers neither the step's target
// nor the top bar, the player or a toast, and on a phone the step opens the drawer it talks about.

/** The named element is on screen and the tutorial card does not lie over any of it. */
async function expectUncovered(page: Page, named: Locator) {
  await expect(named).toBeVisible();
  const card = tutorialDialog(page);
  await expect
    .poll(
      async () => {
        const [a, b] = await Promise.all([named.boundingBox(), card.boundingBox()]);
        if (!a || !b) return 'not laid out';
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        return apart ? 'uncovered' : `covered: ${JSON.stringify({ named: a, card: b })}`;
      },
      { message: 'the tutorial card keeps clear of it' },
    )
    .toBe('uncovered');
}

async function next(page: Page, title: string) {
  const dialog = tutorialDialog(page);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toHaveAccessibleName(title);
}

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the card leaves the top bar clear, each step opens the drawer it describes, and no step talks about dragging', async ({ page }) => {
    test.setTimeout(150_000);
    await register(page, newUser(), { tutorial: 'keep' });
    const dialog = tutorialDialog(page);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toHaveAccessibleName('Welcome to Audio Transcription');
    await expectUncovered(page, page.getByRole('button', { name: 'Open menu' }));

    const menu = page.getByRole('dialog', { name: 'Menu', exact: true });
    await next(page, 'Upload audio');
    await expect(menu).toBeVisible();
    await expectUncovered(page, menu.getByRole('button', { name: 'Upload file' }));

    // The card stays usable over the modal drawer.
    await next(page, 'Record audio');
    await expect(menu).toBeVisible();
    await expectUncovered(page, menu.getByRole('button', { name: 'Record audio' }));

    await next(page, 'Organise in folders');
    await expect(menu).toBeVisible();
    await expect(dialog).not.toContainText(/drag/i);
    await expect(dialog).toContainText('Move to…');
    await expectUncovered(page, menu.getByText('Tutorial', { exact: true }));

    // The transcript step waits for the sample to be transcribed; then the drawer closes on it.
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled({ timeout: 90_000 });
    await next(page, 'Read and listen');
    await expect(menu).toBeHidden();
    await expect(dialog).toContainText('tap a line');
    await expectUncovered(page, page.getByRole('button', { name: 'Play', exact: true }));
    await expectUncovered(page, page.getByRole('button', { name: 'Open menu' }));

    const ai = page.getByRole('dialog', { name: 'AI Features', exact: true });
    await next(page, 'AI features');
    await expect(ai).toBeVisible();
    await expectUncovered(page, ai.getByRole('button', { name: 'Bullet points', exact: true }));

    await next(page, 'Export');
    await expect(ai).toBeHidden();
    await next(page, "You're all set");
    await dialog.getByRole('button', { name: 'Finish' }).click();
    await expect(dialog).toBeHidden();
    await expect(menu).toBeHidden();
  });
});

test.describe('on a desktop (1440 × 900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the step about the player leaves the player clear', async ({ page }) => {
    test.setTimeout(150_000);
    await register(page, newUser(), { tutorial: 'keep' });
    const dialog = tutorialDialog(page);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await next(page, 'Upload audio');
    await next(page, 'Record audio');
    await next(page, 'Organise in folders');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled({ timeout: 90_000 });
    await next(page, 'Read and listen');
    await expectUncovered(page, page.getByRole('button', { name: 'Play', exact: true }));
    await expectUncovered(page, page.getByRole('slider').first());
  });
});

test.describe('on a tablet (820 × 1180)', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

  test("the card leaves the 'account created' toast readable", async ({ page }) => {
    await register(page, newUser(), { tutorial: 'keep' });
    const toast = page.getByRole('status').filter({ hasText: 'Account created successfully' });
    // Hovered, the toast stays until the card has come (it would leave after 5 s otherwise).
    await toast.hover();
    const dialog = tutorialDialog(page);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expectUncovered(page, toast);
  });
});
