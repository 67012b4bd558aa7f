import { expect, test } from '@playwright/test';
import { field, newUser, register, signIn, solveCaptcha } from './helpers.ts';

test('the password hint states the rule (at least 6) and the advice without contradicting it', async ({ page }) => {
  await page.goto('/register');
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const hintId = (await password.getAttribute('aria-describedby'))!.split(' ');
  const hints = await Promise.all(hintId.map((id) => page.locator(`[id="${id}"]`).textContent()));
  const hint = hints.join(' ');
  expect(hint).toContain('At least 6 characters.');
  expect(hint).toContain('For a strong password, use 8 or more');
  expect(hint).not.toMatch(/^Use 8 or more characters/);
});

test('a refused captcha names the configured one (ALTCHA), not reCAPTCHA', async ({ page }) => {
  const user = newUser();
  await register(page, user);
  await page.context().clearCookies();
  // The solved token is replaced on its way: the server refuses it as an unsolved captcha.
  await page.route('**/api/auth/login', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, captchaToken: 'not-a-solution' }) });
  });
  await page.goto('/login');
  await field(page, 'Username or email').fill(user.username);
  await field(page, 'Password').fill(user.password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // In the form's alert and in the toast.
  await expect(page.getByRole('alert').filter({ hasText: 'Please complete the ALTCHA verification' })).toHaveCount(2);
  await expect(page.getByText('reCAPTCHA')).toHaveCount(0);
});

test('after a password change the signed-out sessions are counted in proper words', async ({ page, browser }) => {
  const user = newUser();
  await register(page, user);
  await page.goto('/settings');
  await field(page, 'Current password').fill(user.password);
  await field(page, 'New password').fill('Difference-Engine-1822');
  await field(page, 'Confirm new password').fill('Difference-Engine-1822');
  await page.getByRole('button', { name: 'Change password' }).click();
  const toasts = page.getByRole('region', { name: /Notification/ });
  await expect(toasts.getByText('No other sessions were signed in.')).toBeVisible();
  await expect(toasts.getByText(/session\(s\)/)).toHaveCount(0);

  // One other browser signed in: singular.
  const other = await browser.newContext();
  await signIn(await other.newPage(), user.username, 'Difference-Engine-1822');
  await field(page, 'Current password').fill('Difference-Engine-1822');
  await field(page, 'New password').fill('Analytical-Engine-1837');
  await field(page, 'Confirm new password').fill('Analytical-Engine-1837');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toasts.getByText('Signed out 1 other session.')).toBeVisible();
  await other.close();
});

test('an https webhook whose host cannot be resolved says the host could not be reached', async ({ page }) => {
  await register(page, newUser());
  await page.goto('/settings');
  await page.getByRole('textbox', { name: 'Address (URL)' }).fill('https://hooks.no-such-host.invalid/scribe');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText(/The host hooks\.no-such-host\.invalid could not be reached/).first()).toBeVisible();
  await expect(page.getByText('Please enter a valid HTTPS URL')).toHaveCount(0);
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
});
