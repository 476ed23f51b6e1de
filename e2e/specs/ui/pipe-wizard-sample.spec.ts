/**
 * The wizard that infers: a sample pasted on the destination step becomes the columns (types
 * inferred), the field mappings and a preview; a type changed through the picker shows in the
 * preview and in the creation request. A field whose values disagree says what was seen and offers
 * the numeric type; the picker works from the keyboard; a preview wider than its box says so.
 */
import { expect, test } from '../../fixtures/test';
import { PipeWizard } from '../../pages/pipe-wizard';

const SAMPLE = [
  '{"event_id": 1, "user": {"id": "u-1", "plan": null}, "tags": ["new"], "amount": 12, "seen_at": "2026-11-25T07:03:37Z"}',
  '{"event_id": 2, "user": {"id": "u-2", "plan": "pro"}, "tags": [], "amount": 2.5, "seen_at": 1764054250000}',
].join('\n');

test.beforeEach(async ({ signIn }) => {
  await signIn('editor');
});

test('a pasted sample fills columns, mappings and a preview; a type picked in the picker is what the pipe is created with', async ({
  page,
}) => {
  const wizard = new PipeWizard(page);
  await wizard.start('Events from a sample', 'Amazon Kinesis');
  await wizard.fill({
    Region: 'us-east-1',
    'Stream name': 'events',
    'IAM role': 'arn:aws:iam::123456789012:role/events',
  });
  await wizard.next('Destination');
  await wizard.fill({ Table: 'events' });

  await wizard.field('Sample').fill('{"event_id": 1}\n{"event_id": }');
  await expect(wizard.form.getByText('Line 2, column 14: a value expected')).toBeVisible();
  await wizard.field('Sample').fill(SAMPLE);
  await expect(wizard.form.getByText('JSON lines · 2 records · 6 fields')).toBeVisible();

  const columns = wizard.form.getByRole('list', { name: 'Destination columns' });
  await expect(columns.getByRole('listitem')).toHaveCount(6);
  await expect(wizard.field('Column 3 name')).toHaveValue('user_plan');
  await expect(wizard.field('Column 3 type')).toHaveValue('Nullable(String)');
  await expect(wizard.field('Column 6 type')).toHaveValue('DateTime64(3)');

  const preview = wizard.form.getByRole('table', { name: 'Sample preview' });
  await expect(preview.getByRole('row').nth(2)).toContainText('2025-11-25 07:04:10.000');
  await wizard.pickType(5, 'Decimal(18, 4)');
  await wizard.pickType(3, 'LowCardinality(Nullable(String))');
  await expect(preview.getByRole('columnheader', { name: 'amount' })).toContainText('Decimal(18, 4)');

  await wizard.next('Field mappings');
  await expect(wizard.form.getByText('Every column is mapped.')).toBeVisible();
  await expect(wizard.field('Source field for user_plan')).toHaveValue('user.plan');
  await expect(wizard.field('Source field for user_id').getByRole('option')).toContainText([
    'Choose a field',
    'event_id · Int64',
    'user.id · String',
  ]);
  await wizard.next('Scaling and settings');
  await wizard.next('Review');

  const response = await wizard.create();
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON();
  expect(sent.destination.columns).toEqual([
    { name: 'event_id', type: 'Int64' },
    { name: 'user_id', type: 'String' },
    { name: 'user_plan', type: 'LowCardinality(Nullable(String))' },
    { name: 'tags', type: 'Array(String)' },
    { name: 'amount', type: 'Decimal(18, 4)' },
    { name: 'seen_at', type: 'DateTime64(3)' },
  ]);
  expect(sent.fieldMappings).toEqual([
    { sourceField: 'event_id', destinationField: 'event_id' },
    { sourceField: 'user.id', destinationField: 'user_id' },
    { sourceField: 'user.plan', destinationField: 'user_plan' },
    { sourceField: 'tags', destinationField: 'tags' },
    { sourceField: 'amount', destinationField: 'amount' },
    { sourceField: 'seen_at', destinationField: 'seen_at' },
  ]);
});

const LONG = (i: number) =>
  `"user_agent": "Mozilla/5.0 (X11; Linux x86_64) Browser/${i}", "page_url": "https://shop.example.com/products/${i}/reviews?sort=newest", "session_id": "3f2b1c9e-77aa-4d21-9c0e-5b6a7c8d9e${i}0", "campaign": "winter-sale-newsletter-${i}", "note": "a long free-text note about visit ${i}"`;
const MIXED = [
  `{"id": 1, "price": 3.5, "city": "Lisbon", "country": "Portugal", "device": "phone", "browser": "Firefox", "referrer": "news.example", ${LONG(1)}}`,
  `{"id": 2, "price": 2, "city": "Porto", "country": "Portugal", "device": "desktop", "browser": "Chromium", "referrer": "search.example", ${LONG(2)}}`,
  `{"id": 3, "price": "n/a", "city": "Braga", "country": "Portugal", "device": "tablet", "browser": "Safari", "referrer": "mail.example", ${LONG(3)}}`,
  `{"id": 4, "price": 4.25, "city": "Faro", "country": "Portugal", "device": "phone", "browser": "Firefox", "referrer": "news.example", ${LONG(4)}}`,
  `{"id": 5, "price": 1, "city": "Évora", "country": "Portugal", "device": "phone", "browser": "Edge", "referrer": "ads.example", ${LONG(5)}}`,
].join('\n');

test('a field of numbers with one "n/a" says what was seen and offers Nullable(Float64); the type picker works from the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const wizard = new PipeWizard(page);
  await wizard.start('Prices from a sample', 'Amazon Kinesis');
  await wizard.fill({
    Region: 'us-east-1',
    'Stream name': 'prices',
    'IAM role': 'arn:aws:iam::123456789012:role/prices',
  });
  await wizard.next('Destination');
  await wizard.fill({ Table: 'prices' });
  await expect(
    wizard.form.getByText(
      'Default: the service chooses the engine and its keys. Choose an engine to set the sorting, primary and partition keys yourself.',
    ),
  ).toBeVisible();

  await wizard.field('Sample').fill(MIXED);
  await expect(wizard.form.getByText('JSON lines · 5 records · 12 fields')).toBeVisible();
  // Said, not silent: what the field held, and the two types to choose from.
  const price = wizard.form.getByRole('group', { name: 'price' });
  await expect(price).toContainText('Seen: numbers in 4 records, text in 1 record (“n/a”).');
  await expect(price.getByRole('radio', { name: /^String: every value lands/ })).toBeChecked();
  await expect(wizard.field('Column 2 type')).toHaveValue('String');
  await price.getByRole('radio', { name: /^Nullable\(Float64\): the numbers land as numbers/ }).check();
  await expect(wizard.field('Column 2 type')).toHaveValue('Nullable(Float64)');
  const preview = wizard.form.getByRole('table', { name: 'Sample preview' });
  await expect(preview.getByRole('columnheader', { name: 'price' })).toContainText('Nullable(Float64)');
  await expect(preview.getByRole('row').nth(3)).toContainText('Does not fit: n/a');
  // The sample still counts as applied: no offer to put back columns the person just chose.
  await expect(wizard.form.getByText('the columns and field mappings were filled in from it.')).toBeVisible();

  // Twelve columns do not fit the box: it says so, and the region scrolls from the keyboard.
  const hint = wizard.form.getByText(/12 columns, wider than this box: scroll sideways/);
  await expect(hint).toContainText('the ones to the right');
  const region = wizard.form.getByRole('region', { name: 'Sample preview' });
  await region.focus();
  await expect(async () => {
    await page.keyboard.press('ArrowRight');
    expect(await region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }).toPass();
  await expect(hint).toContainText('to see the others');

  // The picker: typed to filter, arrows to move, Enter to take, Escape to put the value back.
  const picker = wizard.form.getByRole('combobox', { name: 'Column 3 type' });
  const choices = wizard.form.getByRole('listbox', { name: 'Column 3 type choices' });
  await picker.focus();
  await picker.press('ArrowDown');
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  await picker.pressSequentially('lowcard');
  await expect(choices.getByRole('option').first()).toHaveText('LowCardinality(String)');
  await picker.press('ArrowDown');
  await expect(choices.getByRole('option', { selected: true })).toHaveText('LowCardinality(Nullable(String))');
  await picker.press('ArrowUp');
  await picker.press('Enter');
  await expect(picker).toHaveValue('LowCardinality(String)');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await picker.fill('uuid');
  await picker.press('Escape');
  await expect(picker).toHaveValue('LowCardinality(String)');
  await picker.fill('Decimal(38, 9)');
  await expect(choices).toContainText('No listed type holds “Decimal(38, 9)”');
  await picker.press('Enter');
  await expect(picker).toHaveValue('Decimal(38, 9)');

  await wizard.next('Field mappings');
  await wizard.next('Scaling and settings');
  await expect(
    wizard.form.getByText(
      'For distributed tables: 0 off, 1 reads on every shard in parallel, 2 reads and writes on every shard in parallel.',
    ),
  ).toBeVisible();
  await expect(wizard.field('Parallel distributed insert-select')).toHaveAccessibleDescription(
    /For distributed tables/,
  );
  await wizard.next('Review');
  const response = await wizard.create();
  expect(response.status()).toBe(200);
  const columns = response.request().postDataJSON().destination.columns;
  expect(columns.slice(0, 3)).toEqual([
    { name: 'id', type: 'Int64' },
    { name: 'price', type: 'Nullable(Float64)' },
    { name: 'city', type: 'Decimal(38, 9)' },
  ]);
});
