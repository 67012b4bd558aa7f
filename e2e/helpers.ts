import { expect, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import { chromiumPath, journeyChromiumArgs } from '../vite.shared.ts';

/** Two questions, spoken by espeak-ng (see fixtures/README.md); transcribed by the built-in engine. */
export const questionsRecording = join(import.meta.dirname, 'fixtures', 'questions-en.wav');

/**
 * Uploads the questions recording with 'Upload file' and waits for its transcript (the built-in
 * engine is English only).
 */
export async function uploadQuestionsAndWait(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(questionsRecording);
  await confirmUpload(page);
  // The upload is done once its transcript is selected (its toast is too brief to wait for).
  await expect(page.getByRole('article', { name: 'questions-en' })).toBeVisible({ timeout: 30_000 });
  const article = page.getByRole('article', { name: 'questions-en' });
  // Text can show while it is still transcribed: wait for the end.
  await expect(article.getByText('Completed', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(article).toContainText(/how long will the migration take/i);
}

/** test.use options: Chromium's fake microphone plays `file` in a loop (a browser option, hence per file). */
export function fakeMicrophone(file: string) {
  return {
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        ...journeyChromiumArgs,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${file}`,
      ],
    },
    permissions: ['microphone'],
  };
}

let counter = 0;
/** A user no other test (or earlier run on the same data folder) has registered. */
/**
 * Presses Upload in the upload dialog's confirm step (spoken language, length, cost and balance), which
 * every chosen or dropped file passes before anything is sent.
 */
export async function confirmUpload(page: Page, button = 'Upload') {
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
}

/**
 * How long a prompt run may take before its output shows: the built-in engine answers in a worker
 * thread, and on 2 cores beside another journey's transcription that wait has passed the default 10 s.
 */
export const aiRun = { timeout: 30_000 };

export function newUser() {
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}`;
  return {
    name: 'Ada Lovelace',
    username: `ada_${id}`,
    email: `ada_${id}@example.com`,
    password: 'Analytical-Engine-1843',
  };
}
export type TestUser = ReturnType<typeof newUser>;

export function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

/** Solves the real ALTCHA widget: a proof of work done by the browser, checked by the server. */
export async function solveCaptcha(page: Page) {
  await page.getByRole('checkbox', { name: /not a robot|kein Roboter/i }).click();
  await expect(page.getByText(/^(Verified|Verifiziert)$/).first()).toBeVisible({ timeout: 20_000 });
}

/** Ticks a checkbox the way a keyboard user does (its label moves while the page settles). */
export async function tick(page: Page, name: string | RegExp) {
  const box = page.getByRole('checkbox', { name });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

export async function fillRegistration(page: Page, user: TestUser, password = user.password) {
  await field(page, 'Full name').fill(user.name);
  await field(page, 'Username').fill(user.username);
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm password').fill(password);
  await tick(page, 'I agree to the Terms of Service');
  await tick(page, 'I agree to the Privacy Policy');
}

/** The guided tutorial's dialog (any step), in English or German. */
export function tutorialDialog(page: Page) {
  return page.getByRole('dialog').filter({ hasText: /Step \d of 8|Schritt \d von 8/ });
}

/**
 * Registers through the form and lands on /. A new user sees the guided tutorial 1 s later; by default
 * it is skipped through its own Skip button (as a user would), so the journeys start on a quiet page.
 */
export async function register(page: Page, user: TestUser, { tutorial = 'skip' }: { tutorial?: 'skip' | 'keep' } = {}) {
  await page.goto('/register');
  await fillRegistration(page, user);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Hashing the password (argon2) competes with the other worker's transcriptions on 2 cores.
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  if (tutorial === 'skip') {
    const dialog = tutorialDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^(Skip|Überspringen)$/ }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Signs in on /login; the app then goes where the user was headed (default /). */
export async function signIn(page: Page, login: string, password: string, expectedPath: RegExp = /\/$/) {
  await page.goto('/login');
  await field(page, 'Username or email').fill(login);
  await field(page, 'Password').fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(expectedPath);
}

export function accountMenuButton(page: Page, user: TestUser) {
  return page.getByRole('button', { name: new RegExp(`^${user.name}, (account menu|Kontomenü)$`) });
}

/** The balance line in the open account menu ('Credits: 60'), as a number. */
export async function menuBalance(page: Page, user: TestUser): Promise<number> {
  await accountMenuButton(page, user).click();
  const line = page.getByRole('menu', { name: 'Account' }).getByText(/^Credits: [\d,]+$/);
  await expect(line).toBeVisible();
  const value = Number((await line.textContent())!.replace(/[^\d]/g, ''));
  await page.keyboard.press('Escape');
  return value;
}

/** Fills the test-mode card form and pays. */
export async function payWithTestCard(page: Page, cardNumber: string, expiry = '12/34', cvc = '123') {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByRole('textbox', { name: 'Card number' }).fill(cardNumber);
  await form.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill(expiry);
  await form.getByRole('textbox', { name: 'CVC' }).fill(cvc);
  await form.getByRole('button', { name: /^Pay / }).click();
}

/** Fills the test-mode card form inside `scope` and pays, in English or German. */
export async function payWithTestCardIn(scope: Locator | Page, cardNumber: string, expiry = '12/34', cvc = '123') {
  const form = scope.getByRole('form', { name: /^(Card payment|Kartenzahlung)$/ });
  await form.getByRole('textbox', { name: /^(Card number|Kartennummer)$/ }).fill(cardNumber);
  await form.getByRole('textbox', { name: /^(Expiry date \(MM\/YY\)|Ablaufdatum \(MM\/JJ\))$/ }).fill(expiry);
  await form.getByRole('textbox', { name: /CVC/ }).fill(cvc);
  await form.getByRole('button', { name: /^(Pay .+|.+ bezahlen)$/ }).click();
}

/** A segment as the API answers it (the fields the journeys read). */
export interface ApiSegment {
  start: number;
  end: number;
  text: string;
  speaker?: string;
  words?: Array<{ text: string; start: number; end: number }>;
}

/** The signed-in user's transcript named `name`, as GET /api/transcripts/:id answers it (its id from the tree). */
export async function transcriptNamed(
  page: Page,
  name: string,
): Promise<{ id: number; revision: number; metadata: { timestamps: ApiSegment[] } }> {
  const tree = (await (await page.request.get('/api/folders/tree')).json()) as Array<{ id: number; type: string; name: string }>;
  const id = tree.find((n) => n.type === 'transcript' && n.name === name)!.id;
  const transcript = (await (await page.request.get(`/api/transcripts/${id}`)).json()) as {
    revision: number;
    metadata: { timestamps: ApiSegment[] };
  };
  return { id, ...transcript };
}

/**
 * The editor's save status line as shown ("Saving…", "All changes saved", …). Not the words spoken
 * through its status region: those keep the last state announced while a save is under way ("Saving…"
 * is never spoken), so a check there would find "All changes saved" before the new save has landed.
 */
export function saveStatusLine(scope: Locator | Page, text: string): Locator {
  return scope.locator('[data-status-text]').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The date of something dated between `since` and now, as `format` writes it in English: a pattern
 * that takes either day when the run crosses midnight in between.
 */
export function dayBetween(since: Date, format: Intl.DateTimeFormatOptions): string {
  const days = new Set([since, new Date()].map((at) => new Intl.DateTimeFormat('en', format).format(at)));
  return `(?:${[...days].map(escapeRegExp).join('|')})`;
}
