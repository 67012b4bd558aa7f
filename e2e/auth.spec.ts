import { expect, test } from '@playwright/test';
import { accountMenuButton, field, fillRegistration, newUser, register, signIn, solveCaptcha } from './helpers.ts';

test('a weak password keeps Create account disabled and shows its strength', async ({ page }) => {
  const user = newUser();
  await page.goto('/register');
  await fillRegistration(page, user, 'abcdef');
  await solveCaptcha(page);
  const meter = page.getByRole('meter', { name: 'Password strength' });
  await expect(meter).toHaveAttribute('aria-valuetext', /Weak/);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();

  // A mismatch is reported on blur, with the spec's words.
  await field(page, 'Confirm password').fill('abcdeg');
  await field(page, 'Confirm password').blur();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // A strong password enables it.
  await field(page, 'Password').fill(user.password);
  await field(page, 'Confirm password').fill(user.password);
  await expect(meter).toHaveAttribute('aria-valuetext', /Very Strong/);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
});

test('register, stay signed in after a reload, sign out, sign in with the e-mail address', async ({ page }) => {
  const user = newUser();
  await register(page, user);
  await expect(page.getByRole('banner')).toContainText('Audio Transcription');
  await expect(page.getByRole('region', { name: 'Notification' })).toContainText('Account created successfully');

  await page.reload();
  await expect(accountMenuButton(page, user)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // Signed out for real: the protected page sends us back.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login/);

  // Signing in with the e-mail address returns to the page the user was headed for.
  await signIn(page, user.email, user.password, /\/settings$/);
  await expect(accountMenuButton(page, user)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notification' })).toContainText('Logged in successfully');
});

test('a wrong password is refused with the server message and the captcha must be solved again', async ({ page }) => {
  const user = newUser();
  await register(page, user);
  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await field(page, 'Username or email').fill(user.username);
  await field(page, 'Password').fill('not-the-password');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toContainText('Invalid username or password');
  await expect(page.getByRole('region', { name: 'Notification' })).toContainText('Invalid username or password');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await expect(page).toHaveURL(/\/login$/);
});

test("in German, the server's refusal of a wrong password is shown in German (translated by its code)", async ({ page }) => {
  const user = newUser();
  await register(page, user);
  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The language chosen in this browser (the account menu stores it the same way).
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await field(page, 'Benutzername oder E-Mail').fill(user.username);
  await field(page, 'Passwort').fill('not-the-password');
  // The captcha in German (solveCaptcha waits for the English 'Verified').
  await page.getByRole('checkbox', { name: 'Ich bin kein Roboter' }).click();
  await expect(page.getByText(/^Geprüft$/).first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Anmelden' }).click();
  const form = page.getByRole('form', { name: 'Anmelden' });
  await expect(form.getByRole('alert')).toContainText('Benutzername oder Passwort ist falsch');
  await expect(form.getByRole('alert')).not.toContainText('Invalid username or password');
  await expect(page.getByRole('region', { name: 'Benachrichtigung' })).toContainText('Benutzername oder Passwort ist falsch');
});

test('Deutsch shows German texts and survives a reload', async ({ page }) => {
  const user = newUser();
  await register(page, user);
  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('banner')).toContainText('Audio-Transkription');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.reload();
  await expect(page.getByRole('banner')).toContainText('Audio-Transkription');
  await expect(page.getByRole('link', { name: 'Start', exact: true })).toBeVisible();
});

test('an unknown path shows 404 Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('a protected path while signed out leads to /login', async ({ page }) => {
  await page.goto('/help');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('public pages show the support address', async ({ page }) => {
  for (const path of ['/contact', '/terms', '/privacy-policy']) {
    await page.goto(path);
    await expect(page.getByText('support@example.com').first()).toBeVisible();
  }
  await page.goto('/terms');
  await expect(page.getByText(/February 23, 2025/)).toBeVisible();
});
