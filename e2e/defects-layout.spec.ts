import { expect, test, type Locator, type Page } from '@playwright/test';
import { copyFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { speech } from './audio.ts';
import { newUser, register, confirmUpload } from './helpers.ts';

// Issue 13, defects 6 (tablets) and 7 (phones cannot organise), and folder-onto-folder drops.

/** Uploads the speech clip under `name` with the page's Upload file button (the drawer's on phones). */
async function upload(page: Page, scope: Page | Locator, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(path);
  await confirmUpload(page);
  await expect(page.getByRole('article', { name: basename(path, extname(path)) })).toBeVisible({ timeout: 30_000 });
}

/** Whether the element shows all of its content: nothing cut off (no ellipsis) and inside `container`. */
async function expectFullyVisible(element: Locator, container: Locator) {
  await expect(element).toBeVisible();
  const { scrollWidth, clientWidth } = await element.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth, 'content wider than its box (cut off)').toBeLessThanOrEqual(clientWidth);
  const box = (await element.boundingBox())!;
  const frame = (await container.boundingBox())!;
  expect(box.x, 'starts inside its panel').toBeGreaterThanOrEqual(frame.x - 0.5);
  expect(box.x + box.width, 'ends inside its panel').toBeLessThanOrEqual(frame.x + frame.width + 0.5);
}

async function createFolder(page: Page, scope: Page | Locator, name: string) {
  await scope.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Folder' });
  await dialog.getByRole('textbox', { name: 'Folder name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 820, height: 1180 },
]) {
  test.describe(`tablet ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test(`titles, Record audio and New prompt are fully visible at ${viewport.width}x${viewport.height}`, async ({ page }, testInfo) => {
      await register(page, newUser());
      const file = testInfo.outputPath('Team meeting.wav');
      copyFileSync(speech, file);
      await upload(page, page, file);

      // The resizable panels (react-resizable-panels gives each its id as data-testid).
      const library = page.getByTestId('library');
      const tree = page.getByRole('treegrid', { name: 'Folders' });
      const row = tree.getByRole('row', { name: 'Team meeting' });
      await expect(row).toHaveAttribute('aria-selected', 'true');
      await expectFullyVisible(row.getByText('Team meeting', { exact: true }), library);
      await expectFullyVisible(library.getByRole('button', { name: 'Record audio' }), library);
      await expectFullyVisible(library.getByRole('button', { name: 'Upload file' }), library);

      const ai = page.getByTestId('ai');
      await expectFullyVisible(ai.getByRole('button', { name: 'New prompt' }), ai);
      await expectFullyVisible(ai.getByRole('button', { name: 'Run prompt' }), ai);
      // The transcript's own heading is not cut either.
      const heading = page.getByTestId('transcript').getByText('Team meeting', { exact: true }).first();
      await expectFullyVisible(heading, page.getByTestId('transcript'));
    });
  });
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('panel sizes are remembered after a reload', async ({ page }) => {
    await register(page, newUser());
    const library = page.getByTestId('library');
    const before = (await library.boundingBox())!.width;
    const separator = page.getByRole('separator', { name: 'Resize the folders panel' });
    await separator.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await library.boundingBox())!.width).toBeGreaterThan(before + 40);
    const resized = (await library.boundingBox())!.width;

    await page.reload();
    await expect(page.getByRole('treegrid', { name: 'Folders' })).toBeVisible();
    await expect.poll(async () => Math.round((await library.boundingBox())!.width)).toBe(Math.round(resized));
  });

  test('a folder dropped onto another folder lands inside it; into its own subfolder it is refused with a reason', async ({ page }) => {
    // Two drags and a reload: room for a busy 2-core machine.
    test.setTimeout(120_000);
    await register(page, newUser());
    const tree = page.getByRole('treegrid', { name: 'Folders' });
    await createFolder(page, page, 'Alpha');
    await createFolder(page, page, 'Beta');
    const alpha = tree.getByRole('row', { name: 'Alpha' });
    const beta = tree.getByRole('row', { name: 'Beta' });
    await expect(beta).toHaveAttribute('aria-level', '1');

    await beta.dragTo(alpha);
    await expect(beta).toHaveAttribute('aria-level', '2');
    await page.reload();
    await expect(alpha).toBeVisible();
    if (!(await beta.isVisible())) await alpha.click();
    await expect(beta).toHaveAttribute('aria-level', '2');

    // Alpha onto its own subfolder: nothing moves, and the user is told why.
    await alpha.dragTo(beta);
    await expect(page.getByText('Cannot move a folder into itself or its subfolders')).toBeVisible();
    await expect(alpha).toHaveAttribute('aria-level', '1');
    await expect(beta).toHaveAttribute('aria-level', '2');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a transcript uploaded with a speaker count is moved into a folder with Move to… from its row menu, and found by its speaker in the drawer’s search', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await register(page, newUser());
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await createFolder(page, drawer, 'Projects');
    const file = testInfo.outputPath('Site visit.wav');
    copyFileSync(speech, file);
    // The upload dialog's choices fit a phone: the Speakers field shows whole and takes a count.
    const chooser = page.waitForEvent('filechooser');
    await drawer.getByRole('button', { name: 'Upload file' }).click();
    await (await chooser).setFiles(file);
    const uploadDialog = page.getByRole('dialog', { name: 'Upload audio' });
    const speakers = uploadDialog.getByRole('combobox', { name: 'Speakers' });
    await speakers.scrollIntoViewIfNeeded();
    await expectFullyVisible(speakers, uploadDialog);
    await speakers.selectOption('1');
    await expect(speakers).toHaveValue('1');
    await confirmUpload(page);
    await expect(page.getByRole('article', { name: 'Site visit' })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const tree = drawer.getByRole('treegrid', { name: 'Folders' });
    const row = tree.getByRole('row', { name: 'Site visit' });
    await expect(row).toHaveAttribute('aria-level', '1');
    await drawer.getByRole('button', { name: 'Actions for Site visit' }).click();
    const menu = page.getByRole('menu', { name: 'Actions for Site visit' });
    // 'Share…' joins once the transcript is finished (the open menu follows the live status).
    await expect(menu.getByRole('menuitem')).toHaveText(['Rename', 'Share…', 'Move to…', 'Delete'], { timeout: 60_000 });
    await menu.getByRole('menuitem', { name: 'Move to…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to…' });
    await expect(dialog.getByRole('radio', { name: 'Top level (no folder) (current location)' })).toBeDisabled();
    // Tapped as a user does: on the place's name.
    await dialog.getByText('Projects', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Projects' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveAttribute('aria-level', '2');

    // Stored: after a reload it is still inside the folder.
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).click();
    if (!(await row.isVisible())) await tree.getByRole('row', { name: 'Projects' }).click();
    await expect(row).toHaveAttribute('aria-level', '2');

    // The search in the drawer: its Speaker choice shows whole on a phone and limits the hits to that
    // speaker's lines (the one voice of a count of 1 is 'Speaker 1').
    await drawer.getByRole('searchbox', { name: 'Search transcripts' }).fill('leisure');
    const results = drawer.getByRole('listbox', { name: 'Search results' });
    const hit = results.getByRole('option', { name: /^\d+:\d\d\b.*leisure/i }).first();
    await expect(hit).toBeVisible({ timeout: 10_000 });
    const speakerChoice = drawer.getByRole('combobox', { name: 'Speaker' });
    await expectFullyVisible(speakerChoice, drawer);
    await expect(speakerChoice.getByRole('option')).toHaveText(['All speakers', 'Speaker 1']);
    await speakerChoice.selectOption('Speaker 1');
    await expect(speakerChoice).toHaveValue('Speaker 1');
    await expect(hit).toBeVisible();
  });

  test('the profile menu shows the balance, help and the language switch', async ({ page }) => {
    await register(page, newUser());
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: /, profile menu$/ })
      .click();
    const menu = page.getByRole('menu', { name: 'Profile' });
    await expect(menu.getByText('Credits: 60', { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Help' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Restart tutorial' })).toBeVisible();
    await menu.getByRole('menuitem', { name: /^Language/ }).click();
    await page.getByRole('menu', { name: 'Language' }).getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  });
});
