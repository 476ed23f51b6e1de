import type { Page } from '@playwright/test';

/** The system clipboard's text, as the page sees it (needs the `clipboard-read` permission). */
export function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}
