// Saved prompts (edit, keyboard reorder), re-running an output's prompt on another transcript, and a German
// user's 'Bullet points' on a German transcript.
//
// The built-in transcription engine is English only (docs/decisions.md), and the product has no text
// import. So the German transcript comes the way an administrator would get one: a second server of
// this build, started by this spec with TRANSCRIPTION_ENGINE=openai against a small fake
// OpenAI-compatible transcription server that answers with German segments. The AI answer itself comes
// from the built-in AI engine of that server.
import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountMenuButton,
  confirmUpload,
  newUser,
  questionsRecording,
  register,
  uploadQuestionsAndWait,
  type TestUser,
  aiRun,
} from './helpers.ts';

/** The saved prompts' rows, in their order on screen. */
function savedRows(page: Page) {
  return page.getByRole('region', { name: 'AI Features' }).getByRole('grid', { name: 'Saved prompts' }).getByRole('row');
}

async function createPrompt(page: Page, name: string, text: string) {
  const panel = page.getByRole('region', { name: 'AI Features' });
  await panel.getByRole('button', { name: 'New prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create prompt' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Prompt' }).fill(text);
  await dialog.getByRole('button', { name: 'Save prompt' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('button', { name, exact: true })).toBeVisible();
}

base(
  'a saved prompt is edited (its new name and text are used) and reordered by keyboard and by mouse, which persists after a reload',
  async ({ page }) => {
    base.setTimeout(180_000);
    await register(page, newUser());
    await uploadQuestionsAndWait(page);
    const panel = page.getByRole('region', { name: 'AI Features' });

    await createPrompt(page, 'Questions', 'List the things people said.');
    await createPrompt(page, 'Recap', 'Summarize the transcript as bullet points.');
    await expect(savedRows(page)).toHaveText([/^Questions/, /^Recap/]);

    // Edit: the dialog opens prefilled; the changed name and text are saved.
    await panel.getByRole('button', { name: 'Actions for prompt Questions' }).click();
    await page.getByRole('menuitem', { name: 'Edit…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit prompt' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Questions');
    await expect(dialog.getByRole('textbox', { name: 'Prompt' })).toHaveValue('List the things people said.');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Open questions');
    await dialog.getByRole('textbox', { name: 'Prompt' }).fill('Extract all questions asked in the transcript.');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Prompt saved successfully')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Questions', exact: true })).toHaveCount(0);

    // The edited prompt runs its new text: the output is headed by it and answers it.
    await panel.getByRole('button', { name: 'Open questions', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'AI output' })).toHaveAttribute('aria-selected', 'true', aiRun);
    const output = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Extract all questions asked in the transcript.' }) });
    await expect(output).toContainText(/How long will the migration take\?/i);
    await expect(page.getByRole('heading', { name: 'List the things people said.' })).toHaveCount(0);

    // Reorder by keyboard: the row's menu, Move up, with keys only.
    await panel.getByRole('button', { name: 'Actions for prompt Recap' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Actions for prompt Recap' });
    await expect(menu.getByRole('menuitem', { name: 'Move down' })).toBeDisabled();
    await menu.getByRole('menuitem', { name: 'Move up' }).focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(savedRows(page)).toHaveText([/^Recap/, /^Open questions/]);

    // Reorder by mouse: the 'Open questions' row, taken at its grip, dropped on the top edge of 'Recap'.
    const source = savedRows(page).filter({ hasText: 'Open questions' });
    const target = savedRows(page).filter({ hasText: 'Recap' });
    const box = (await target.boundingBox())!;
    await source.dragTo(target, { sourcePosition: { x: 8, y: box.height / 2 }, targetPosition: { x: box.width / 2, y: 2 } });
    await expect(savedRows(page)).toHaveText([/^Open questions/, /^Recap/]);

    // Both the edit and the order are the server's now.
    await page.reload();
    await expect(savedRows(page)).toHaveText([/^Open questions/, /^Recap/]);
    await panel.getByRole('button', { name: 'Actions for prompt Open questions' }).click();
    await page.getByRole('menuitem', { name: 'Edit…' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit prompt' }).getByRole('textbox', { name: 'Prompt' })).toHaveValue(
      'Extract all questions asked in the transcript.',
    );
  },
);

// --- A German transcript: this build's server with an OpenAI-compatible transcription engine (a fake one).

/** A German kitchen-planning meeting, inside the 12 s of the uploaded recording. */
const germanTranscription = {
  task: 'transcribe',
  language: 'german',
  duration: 12.2,
  text: '',
  segments: [
    { id: 0, start: 0, end: 2.4, text: ' Guten Morgen zusammen, heute planen wir die neue Küche für das Büro.' },
    { id: 1, start: 2.4, end: 4.8, text: ' Der Umbau kostet ungefähr zwölftausend Euro und beginnt im März.' },
    { id: 2, start: 4.8, end: 7.2, text: ' Frau Weber kümmert sich um die Angebote der Handwerker.' },
    { id: 3, start: 7.2, end: 9.6, text: ' Außerdem brauchen wir einen größeren Kühlschrank und zwei neue Kaffeemaschinen.' },
    { id: 4, start: 9.6, end: 12, text: ' Bis Freitag entscheiden wir, welche Firma den Auftrag bekommt.' },
  ],
};
germanTranscription.text = germanTranscription.segments.map((s) => s.text.trim()).join(' ');

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A free port on 127.0.0.1 (taken and let go at once). */
async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const test = base.extend<object, { germanServer: string }>({
  germanServer: [
    // Playwright reads the fixtures a fixture needs from this pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      // The fake /v1/audio/transcriptions: reads the upload, answers verbose_json in German.
      const fake = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          if (req.method === 'POST' && req.url === '/v1/audio/transcriptions')
            res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(germanTranscription));
          else res.writeHead(404).end();
        });
      });
      const fakePort = await listen(fake);
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'scribe-e2e-de-'));
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          REGISTER_RATE_LIMIT_PER_IP: '1000',
          TRANSCRIPTION_ENGINE: 'openai',
          TRANSCRIPTION_API_URL: `http://127.0.0.1:${fakePort}`,
          TRANSCRIPTION_RETRIES: '0',
        },
      });
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the German server stopped at start (exit ${child.exitCode})`);
        const up = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline) throw new Error('the German server did not start within 120 s');
        await new Promise((r) => setTimeout(r, 500));
      }
      await provide(url);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await new Promise((resolve) => fake.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ germanServer }, provide) => provide(germanServer),
});

async function switchToGerman(page: Page, user: TestUser) {
  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

test("a German user runs 'Bullet points' on a German transcript and gets German", async ({ page }) => {
  test.setTimeout(180_000);
  const user = newUser();
  await register(page, user);
  await switchToGerman(page, user);

  // A German recording: the language is chosen in the upload dialog; the (fake) engine transcribes it.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Datei hochladen' }).click();
  await (await chooser).setFiles(questionsRecording);
  const dialog = page.getByRole('dialog', { name: 'Audio hochladen' });
  await dialog.getByRole('combobox', { name: 'Gesprochene Sprache' }).selectOption('de');
  await confirmUpload(page, 'Hochladen');
  await expect(page.getByRole('article', { name: 'questions-en' })).toContainText('Frau Weber kümmert sich um die Angebote', {
    timeout: 60_000,
  });

  // 'Stichpunkte' ('Bullet points'): its cost is its description, its name the prompt's.
  const panel = page.getByRole('region', { name: 'KI-Funktionen' });
  const bullets = panel.getByRole('button', { name: 'Stichpunkte', exact: true });
  await expect(bullets).toHaveAccessibleDescription('1 Credit');
  await bullets.click();

  await expect(page.getByRole('tab', { name: 'KI-Ausgabe' })).toHaveAttribute('aria-selected', 'true', aiRun);
  const output = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Fasse das Transkript in Stichpunkten zusammen.' }) });
  // German heading and the speakers' German sentences with their times; none of the English wording.
  await expect(output).toContainText(/Zusammenfassung in Stichpunkten/);
  await expect(output).toContainText(/Guten Morgen|Der Umbau|Frau Weber|Außerdem|Bis Freitag/);
  await expect(output).not.toContainText(/Summary|bullet points|sentences of the recording/i);
  await expect(output.getByRole('button', { name: /^Ab 0?0:\d\d abspielen$/ }).first()).toBeVisible();
});

test("an output's prompt runs again on another transcript, which is then shown with the new output", async ({ page }) => {
  test.setTimeout(180_000);
  await register(page, newUser());
  const audio = readFileSync(questionsRecording);
  for (const name of ['Standup Tuesday', 'Standup Monday']) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload file' }).click();
    await (await chooser).setFiles({ name: `${name}.wav`, mimeType: 'audio/wav', buffer: audio });
    await confirmUpload(page);
    await expect(page.getByRole('article', { name })).toContainText('Frau Weber', { timeout: 60_000 });
  }

  // 'Bullet points' on Monday's transcript.
  const panel = page.getByRole('region', { name: 'AI Features' });
  await panel.getByRole('button', { name: 'Bullet points', exact: true }).click();
  const aiTab = page.getByRole('tab', { name: 'AI output' });
  await expect(aiTab).toHaveAttribute('aria-selected', 'true', aiRun);
  const view = page.getByRole('tabpanel', { name: 'AI output' });
  await expect(view.getByRole('heading', { level: 2, name: 'Standup Monday' })).toBeVisible();
  await expect(view.getByRole('article')).toHaveCount(1);

  // Run it on Tuesday's: the picker offers the other completed transcript only.
  await view.getByRole('button', { name: 'Run on another transcript: Summarize the transcript as bu…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run on another transcript' });
  const picker = dialog.getByRole('combobox', { name: 'Transcript' });
  await expect(picker.getByRole('option')).toHaveText(['Standup Tuesday']);
  await dialog.getByRole('button', { name: 'Run prompt' }).click();
  await expect(dialog).toBeHidden();

  // Tuesday's transcript is selected, its AI output shows the same prompt's answer.
  await expect(aiTab).toHaveAttribute('aria-selected', 'true', aiRun);
  await expect(view.getByRole('heading', { level: 2, name: 'Standup Tuesday' })).toBeVisible();
  const rerun = view
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Summarize the transcript as bullet points.' }) });
  await expect(rerun).toHaveCount(1);
  await expect(rerun).toContainText(/Frau Weber|Der Umbau|Guten Morgen|Außerdem|Bis Freitag/);
});
