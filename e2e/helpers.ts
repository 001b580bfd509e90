import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD, target?: string) {
  await page.goto(target ? `/login?target=${encodeURIComponent(target)}` : '/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Parses "$1,234.56" / "1.234,56 €" into a number for comparisons of totals. */
export function amountOf(text: string): number {
  const digits = text.replace(/[^\d.,]/g, '');
  const normalized = /,\d{2}$/.test(digits) ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  return Number(normalized);
}

export async function expectLoggedOut(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
}
