import { expect, test } from '@playwright/test';
import { latestMails } from './outbox.ts';

test.describe('contact form', () => {
  test('a message reaches the support outbox', async ({ page }) => {
    const marker = `Question ${Date.now()}: can my church in Gondar raise money for a new roof?`;
    await page.goto('/contact');
    await page.getByLabel('Your name').fill('Tigist Worku');
    await page.getByLabel('Email address').fill('tigist@example.com');
    await page.getByLabel('Message').fill(marker);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Thank you, your message has been sent.')).toBeVisible();

    const mail = (await latestMails()).find((m) => m.text.includes(marker));
    expect(mail?.to).toBe('support@e2e.test');
    expect(mail?.replyTo).toBe('tigist@example.com');
  });

  test('the server’s field messages appear next to the field, in Amharic on the Amharic page', async ({ page }) => {
    await page.goto('/am/contact');
    await page.getByLabel('ስምዎ').fill('ተስፋ');
    await page.getByLabel('የኢሜይል አድራሻ').fill('tesfa@example.com');
    const message = page.getByLabel('መልእክት', { exact: true });
    await message.fill('አጭር');
    await page.getByRole('button', { name: 'መልእክቱን ይላኩ' }).click();
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('ቢያንስ 10 ፊደላት ይጠቀሙ።')).toBeVisible();
  });
});
