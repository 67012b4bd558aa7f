import { expect, test } from '@playwright/test';
import { newUser, questionsRecording, register } from './helpers.ts';

// The upload dialog's cost estimate once read "1 credit", with Upload enabled, while the length was
// still "Reading the audio…" (seen under load). Here the browser's reading of the length is held until
// the test lets it go: meanwhile there is no estimate and no Upload.
test('the cost estimate and Upload wait for the length of the audio', async ({ page }) => {
  await page.addInitScript(() => {
    // The event handler attribute lives on HTMLElement.prototype; media elements get the patched one.
    const property = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'onloadedmetadata')!;
    const gate = new Promise<void>((release) => ((window as unknown as { releaseLength: () => void }).releaseLength = release));
    // Only the length reader sets this property (the player listens through React's own listeners).
    Object.defineProperty(HTMLMediaElement.prototype, 'onloadedmetadata', {
      configurable: true,
      get() {
        return property.get!.call(this);
      },
      set(handler: ((event: Event) => void) | null) {
        property.set!.call(this, handler ? (event: Event) => void gate.then(() => handler.call(this, event)) : null);
      },
    });
  });
  await register(page, newUser());
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(questionsRecording);
  const dialog = page.getByRole('dialog');
  const estimate = dialog.locator('dt:text-is("Estimated cost") + dd');
  await expect(dialog.getByText('Reading the audio…')).toBeVisible();
  await expect(estimate).toHaveText('Waiting for the length…');
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  await page.evaluate(() => (window as unknown as { releaseLength: () => void }).releaseLength());
  await expect(dialog.getByText('Reading the audio…')).toBeHidden();
  await expect(estimate).toHaveText(/^\d+ credits? · \d+ started minutes?$/);
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
});
