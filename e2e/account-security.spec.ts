import { expect, test } from '@playwright/test';
import { signUp } from './helpers';

// Account settings (issue 12): real-name certificates at /buyer/certificates. The number must fit
// the site's national ID (here the US SSN), is saved encrypted and only ever shown masked.

test('add a certificate: the wrong number is refused in the form, the saved one shows its last 4 only', async ({ page }) => {
  await signUp(page, 'cert');
  await page.goto('/buyer/certificates');
  await expect(page.getByText('You have no certificates yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add certificate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add certificate' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Real-name cannot be empty')).toBeVisible();
  await expect(dialog.getByText('ID number cannot be empty')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Real name' }).fill('Ada Lovelace');
  await dialog.getByRole('textbox', { name: 'ID number' }).fill('123-45');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a correct ID number')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'ID number' }).fill('123-45-6789');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('certificate');
  await expect(card).toContainText('Ada Lovelace');
  await expect(card).toContainText('*****6789');
  await expect(page.getByText('123-45-6789')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('certificate')).toContainText('*****6789');
});
