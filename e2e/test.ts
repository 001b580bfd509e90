/**
 * The suite's `test`: Playwright's, with every page watched for React's hydration errors. The
 * server's HTML must be what the browser renders first; a mismatch (React's "Hydration failed",
 * "did not match" or its minified errors #418/#423/#425) fails the test that met it.
 */
import { test as base, expect } from '@playwright/test';

export { expect };
export type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';

const HYDRATION = /hydrat|did not match|Minified React error #(418|423|425)|react\.dev\/errors\/(418|423|425)/i;

/**
 * A page opened by `goto` or `reload` is used once React has hydrated it (main.tsx marks <html>
 * with data-hydrated): a click on the server's HTML before that does nothing, as for a buyer
 * whose scripts are still arriving.
 */
async function hydrated(page: import('@playwright/test').Page) {
  // A shop page carries its state for hydration; an emulator's or a provider's page does not.
  if (!(await page.locator('#page-state').count())) return;
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export const test = base.extend<{ hydrationWatch: void }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const res = await goto(...args);
      await hydrated(page);
      return res;
    };
    page.reload = async (...args) => {
      const res = await reload(...args);
      await hydrated(page);
      return res;
    };
    await use(page);
  },
  hydrationWatch: [
    async ({ context }, use, testInfo) => {
      const seen: string[] = [];
      const watch = (page: import('@playwright/test').Page) => {
        page.on('console', (message) => {
          if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION.test(message.text()))
            seen.push(`${page.url()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => {
          if (HYDRATION.test(error.message)) seen.push(`${page.url()}: ${error.message}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      if (seen.length) testInfo.annotations.push({ type: 'hydration', description: seen.join('\n') });
      expect(seen, 'hydration errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
