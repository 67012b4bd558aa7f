import { expect, test, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import { confirmUpload, newUser, register } from './helpers.ts';

/** The questions recording with a test-pattern picture: VP9 video and Opus sound in MP4 (fixtures/README.md). */
const questionsVideo = join(import.meta.dirname, 'fixtures', 'questions-en.video.mp4');

const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * The video plays, and a click on a later line's text moves the video there: its time jumps to that
 * line's start (read from the player's own slider once it has seeked) and it plays on.
 */
async function playAndClickLater(page: Page, player: Locator, segments: Locator) {
  const video = player.locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(160);
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect.poll(() => currentTime(video), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  const pausedAt = await currentTime(video);

  const later = segments.last();
  await later.click();
  // A later line starts seconds into the recording, well past where the video was paused.
  await expect.poll(() => currentTime(video), { timeout: 15_000 }).toBeGreaterThan(pausedAt + 2);
  // And it plays on from there, the button saying Pause, unless the line (the recording's last) has
  // already been played to its end: on a busy machine that can come before these checks.
  const playingOn = async () =>
    (await video.evaluate((v: HTMLVideoElement) => v.ended)) ||
    ((await video.evaluate((v: HTMLVideoElement) => !v.paused)) &&
      (await player.getByRole('button', { name: 'Pause', exact: true }).isVisible()));
  await expect.poll(playingOn).toBe(true);
}

test('a video: uploaded, transcribed from its sound, played beside its transcript and seeked by a click on a line; the same on its share page', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await register(page, newUser());

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(questionsVideo);
  await confirmUpload(page);
  const article = page.getByRole('article', { name: 'questions-en.video' });
  await expect(article).toBeVisible({ timeout: 30_000 });
  await expect(article).toContainText(/how long will the migration take/i, { timeout: 120_000 });

  // The picture in place of the audio player, under the transcript.
  const player = page.getByRole('region', { name: 'Video player: questions-en.video' });
  await expect(player).toBeVisible();
  await expect(page.getByRole('region', { name: /^Audio player/ })).toHaveCount(0);
  const segments = article.getByRole('group', { name: 'Transcript segments' }).locator('[role="button"][data-index]');
  expect(await segments.count()).toBeGreaterThan(1);
  await playAndClickLater(page, player, segments);
  // The last line is the recording's end: the video plays to it and stops, the button back to Play.
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.ended)).toBe(true);

  // Picture in picture: the video moves into the browser's floating window and back, the button saying which it does next.
  await player.getByRole('button', { name: 'Picture in picture' }).click();
  await expect.poll(() => page.evaluate(() => document.pictureInPictureElement?.tagName ?? null)).toBe('VIDEO');
  await player.getByRole('button', { name: 'Back from picture in picture' }).click();
  await expect.poll(() => page.evaluate(() => document.pictureInPictureElement?.tagName ?? null)).toBeNull();
  await expect(player.locator('video')).toBeVisible();

  // At a phone's width: the same player, the picture played in the page (not full screen), picture in picture there too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(player.locator('video')).toBeVisible();
  await expect(player.locator('video')).toHaveAttribute('playsinline', '');
  await player.getByRole('button', { name: 'Picture in picture' }).click();
  await expect.poll(() => page.evaluate(() => document.pictureInPictureElement?.tagName ?? null)).toBe('VIDEO');
  await player.getByRole('button', { name: 'Back from picture in picture' }).click();
  await expect.poll(() => page.evaluate(() => document.pictureInPictureElement?.tagName ?? null)).toBeNull();
  await page.setViewportSize({ width: 1440, height: 900 });

  // The share page shows the video too.
  await page.getByRole('button', { name: 'Actions for questions-en.video' }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “questions-en.video”' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'New link (shown only now)' });
  await expect(linkField).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();

  const stranger = await browser.newContext();
  const shared = await stranger.newPage();
  await shared.goto(link);
  await expect(shared.getByRole('heading', { name: 'questions-en.video', exact: true })).toBeVisible();
  const sharedPlayer = shared.getByRole('region', { name: 'Video player: questions-en.video' });
  await playAndClickLater(
    shared,
    sharedPlayer,
    shared.getByRole('group', { name: 'Transcript segments' }).locator('[role="button"][data-index]'),
  );
  await stranger.close();
});
