/**
 * The overview's cards start their reads with the page, on the server, side by side: each card
 * arrives painted in the page's HTML, and a card whose upstream is slow says what it waits for
 * while the others show what they have.
 */
import { emulator } from '../../fixtures/emulator';
import { expect, main, test } from '../../fixtures/test';

test.afterEach(async () => {
  await emulator.clearFaults('cloud');
});

test('every card is in the page as it arrives from the server, before any script runs', async ({ page, signIn }) => {
  await signIn('viewer');
  const html = await (await page.request.get('/')).text();
  // Pipes (with the failed one first), the keys expiring soon and the dashboards: data, not waiting.
  expect(html).toContain('Legacy audit log');
  expect(html).toContain('Service health');
  expect(html).toMatch(/CI deploy.*Expires in \d+ days/);
});

test('a card whose upstream is slow says what it waits for, while the others show what they have', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  // The keys read answers after the page's own read has given up (1.5 s), so the browser waits for it.
  await emulator.addFault({ method: 'GET', path: 're:/keys$', latencyMs: 4_000, times: 4 });
  await page.goto('/');
  const keys = main(page).getByRole('region', { name: 'API keys expiring soon' });
  await expect(keys.getByRole('status')).toHaveText('Waiting for the cloud API…');
  await expect(
    main(page).getByRole('region', { name: 'Dashboards' }).getByRole('link', { name: 'Service health' }),
  ).toBeVisible();
  await expect(main(page).getByRole('list', { name: 'Pipes with their rates' })).toContainText('Legacy audit log');
  await expect(keys.getByRole('listitem').filter({ hasText: 'CI deploy' })).toContainText(/Expires in \d+ days/, {
    timeout: 15_000,
  });
});
