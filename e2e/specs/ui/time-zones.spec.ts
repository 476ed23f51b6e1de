/**
 * A reader outside the server's time zone: the server cannot know the reader's zone, so a page sends
 * its dates in UTC and the browser, once it has taken the page over, shows them in the reader's
 * zone. Hydration must find the server's text (else React throws the page's HTML away, error #418,
 * and draws it again), and the dates a person reads must be in their own zone.
 */
import { expect, hydrated, main, test } from '../../fixtures/test';
import { servicePage } from '../../pages/service-pages';
import { pipeIdByName } from '../../pages/upstream';

const ZONE = 'Asia/Kolkata'; // UTC+5:30 all year: no date of the seed reads the same in UTC.
test.use({ timezoneId: ZONE });

const inZone = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(iso));
const dateInZone = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: ZONE }).format(new Date(iso));

test('the keys, the overview and a pipe hydrate as sent, and show their dates in the reader’s zone', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  const errors: string[] = [];
  let pageErrors = errors;
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));

  await page.goto('/keys');
  await hydrated(page);
  const table = main(page).getByRole('table');
  // The expiry dates, and the exact time each relative one ("3 days ago") gives as its tooltip.
  const expiries = table.locator('time').filter({ hasText: /\d{4}/ });
  await expect(expiries.first()).toBeVisible();
  for (const time of await expiries.all()) {
    const iso = (await time.getAttribute('datetime'))!;
    const withTime = /\d:\d\d/.test((await time.textContent()) ?? '');
    await expect(time).toHaveText(withTime ? inZone(iso) : dateInZone(iso));
  }
  const relative = table.locator('time[title]');
  await expect(relative.first()).toBeVisible();
  for (const time of await relative.all())
    await expect(time).toHaveAttribute('title', inZone((await time.getAttribute('datetime'))!));

  await page.goto('/');
  await hydrated(page);
  await expect(
    main(page).getByRole('region', { name: 'API keys expiring soon' }).getByRole('listitem').first(),
  ).toBeVisible();

  const pipeId = await pipeIdByName('Orders events');
  const charted = main(page)
    .getByText(/^Charted since/)
    .locator('time');
  // The line is on the page once the console has sampled the pipe's metrics.
  await expect(async () => {
    // Only the load that shows the line counts: an attempt cut short by the next can leave its reads' errors.
    pageErrors = [];
    await page.goto(servicePage('pipes', pipeId));
    await hydrated(page);
    await expect(charted).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(charted).toHaveText(new RegExp(`^${inZone((await charted.getAttribute('datetime'))!)} GMT\\+5:30$`));

  expect([...errors, ...pageErrors]).toEqual([]);
});
