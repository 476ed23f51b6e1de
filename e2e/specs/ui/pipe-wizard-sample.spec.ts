/**
 * The wizard that infers: a sample pasted on the destination step becomes the columns (types
 * inferred), the field mappings and a preview; a type changed through the picker shows in the
 * preview and in the creation request.
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

test('a pasted sample fills columns, mappings and a preview; a type picked in the picker is what the pipe is created with', async ({ page }) => {
  const wizard = new PipeWizard(page);
  await wizard.start('Events from a sample', 'Amazon Kinesis');
  await wizard.fill({ Region: 'us-east-1', 'Stream name': 'events', 'IAM role': 'arn:aws:iam::123456789012:role/events' });
  await wizard.next('Destination');
  await wizard.fill({ Table: 'events' });

  await wizard.field('Sample').fill('{"event_id": 1}\n{"event_id": }');
  await expect(wizard.form.getByText('Line 2, column 14: a value expected')).toBeVisible();
  await wizard.field('Sample').fill(SAMPLE);
  await expect(wizard.form.getByText('JSON lines · 2 records · 6 fields')).toBeVisible();

  const columns = wizard.form.getByRole('list', { name: 'Destination columns' });
  await expect(columns.getByRole('listitem')).toHaveCount(6);
  await expect(wizard.field('Column 3 name')).toHaveValue('user_plan');
  await expect(wizard.field('Column 3 type')).toHaveValue('String');
  await expect(wizard.field('Column 3 wrapper')).toHaveValue('Nullable');
  await expect(wizard.field('Column 6 type')).toHaveValue('DateTime64(3)');

  const preview = wizard.form.getByRole('table', { name: 'Sample preview' });
  await expect(preview.getByRole('row').nth(2)).toContainText('2025-11-25 07:04:10.000');
  await wizard.select({ 'Column 5 type': 'Decimal(18, 4)', 'Column 3 wrapper': 'LowCardinality(Nullable)' });
  await expect(preview.getByRole('columnheader', { name: 'amount' })).toContainText('Decimal(18, 4)');

  await wizard.next('Field mappings');
  await expect(wizard.form.getByText('Every column is mapped.')).toBeVisible();
  await expect(wizard.field('Source field for user_plan')).toHaveValue('user.plan');
  await expect(wizard.field('Source field for user_id').getByRole('option')).toContainText(['Choose a field', 'event_id · Int64', 'user.id · String']);
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
