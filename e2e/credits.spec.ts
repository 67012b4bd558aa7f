import { expect, test } from '@playwright/test';
import { accountMenuButton, menuBalance, newUser, payWithTestCard, register } from './helpers.ts';

test.describe('buying credits in test mode', () => {
  test.beforeEach(async ({ page }) => {
    // The test-mode provider must not load Stripe's script.
    await page.route(/stripe\.com/, (route) => {
      throw new Error(`Stripe was contacted in test mode: ${route.request().url()}`);
    });
  });

  test('buy 100 credits with 4242 4242 4242 4242 from the account menu: success toast, balance +100', async ({ page }) => {
    const stripeRequests: string[] = [];
    page.on('request', (r) => {
      if (/stripe\.com/.test(r.url())) stripeRequests.push(r.url());
    });
    const user = newUser();
    await register(page, user);
    const before = await menuBalance(page, user);
    expect(before).toBe(60);

    await accountMenuButton(page, user).click();
    await page.getByRole('menuitem', { name: 'Buy credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy credits' });
    await expect(dialog).toBeVisible();
    const cards = dialog.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText('100 credits');
    await expect(cards.nth(0)).toContainText('$9.99');
    await expect(cards.nth(0)).toContainText('$0.100 per credit');
    await expect(cards.nth(1)).toContainText('$39.99');
    await expect(cards.nth(2)).toContainText('$79.99');
    await dialog.getByRole('button', { name: 'Buy 100 credits for $9.99' }).click();

    await expect(dialog.getByText('Test mode', { exact: true })).toBeVisible();
    await payWithTestCard(page, '4242 4242 4242 4242');

    const toast = page.getByRole('region', { name: /Notification/ });
    await expect(toast.getByText('Payment successful')).toBeVisible();
    await expect(toast.getByText('Your credits have been added to your account')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(() => menuBalance(page, user)).toBe(before + 100);
    expect(stripeRequests).toEqual([]);
  });

  test('the decline card shows Payment failed with the message and leaves the balance unchanged', async ({ page }) => {
    const user = newUser();
    await register(page, user);
    await page.goto('/credits');
    await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
    await expect(page.getByTestId('credit-balance')).toHaveText('60');

    // Three columns on the desktop page.
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!));
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
    expect(boxes[0].x).toBeLessThan(boxes[1].x);
    expect(boxes[1].x).toBeLessThan(boxes[2].x);

    await page.getByRole('button', { name: 'Buy 100 credits for $9.99' }).click();
    await payWithTestCard(page, '4000 0000 0000 0002');
    const toast = page.getByRole('region', { name: /Notification/ });
    await expect(toast.getByText('Payment failed')).toBeVisible();
    await expect(toast.getByText('Your card was declined.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Card payment' }).getByRole('alert')).toContainText('Your card was declined.');
    await expect(page.getByTestId('credit-balance')).toHaveText('60');
    expect(await menuBalance(page, user)).toBe(60);

    // The same payment goes through with the good card.
    await payWithTestCard(page, '4242 4242 4242 4242');
    await expect(toast.getByText('Payment successful')).toBeVisible();
    await expect(page.getByTestId('credit-balance')).toHaveText('160');
  });
});
