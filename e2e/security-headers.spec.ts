import { expect, test } from '@playwright/test';
import { accountMenuButton, menuBalance, newUser, payWithTestCard, register } from './helpers.ts';

// The Content-Security-Policy must not break the app: registration with the ALTCHA widget (its
// worker), the workspace and a test-mode purchase run without a single CSP violation.
test('sign-up with ALTCHA and a test-card purchase raise no Content-Security-Policy violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");

  const user = newUser();
  await register(page, user);
  expect(await menuBalance(page, user)).toBe(60);
  await accountMenuButton(page, user).click();
  await page.getByRole('menuitem', { name: 'Buy credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy credits' });
  await dialog.getByRole('button', { name: 'Buy 100 credits for $9.99' }).click();
  await payWithTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('region', { name: /Notification/ }).getByText('Payment successful')).toBeVisible();

  expect(violations).toEqual([]);
});
