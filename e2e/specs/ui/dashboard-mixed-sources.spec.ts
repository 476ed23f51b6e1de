/**
 * A dashboard over logs and traces: the dashboard filter applies only to tiles whose source has the
 * field it searches, and a tile it cannot apply to says so in words instead of failing; a failing
 * query on a field the source lacks says which field. The emulator speaks the OpenTelemetry schema,
 * so the searches from the observability API's own examples work.
 */
import { DashboardEditorPage } from '../../pages/dashboard-editor';
import { emulator } from '../../fixtures/emulator';
import { ossCall, ossSources } from '../../fixtures/observability-upstream';
import { expect, main, test } from '../../fixtures/test';

async function mixedDashboard(): Promise<string> {
  const { log, trace } = await ossSources();
  const created = await ossCall<{ data: { id: string } }>('POST', '/dashboards', {
    name: 'Logs and traces',
    tags: [],
    tiles: [
      {
        name: 'Log lines',
        x: 0,
        y: 0,
        w: 12,
        h: 5,
        series: [{ type: 'number', sourceId: log, aggFn: 'count', where: '', whereLanguage: 'lucene' }],
      },
      {
        name: 'Spans by service',
        x: 12,
        y: 0,
        w: 12,
        h: 5,
        series: [
          {
            type: 'table',
            sourceId: trace,
            aggFn: 'count',
            where: '',
            whereLanguage: 'lucene',
            groupBy: ['ServiceName'],
          },
        ],
      },
      {
        name: 'Broken on purpose',
        x: 0,
        y: 5,
        w: 12,
        h: 5,
        series: [{ type: 'number', sourceId: trace, aggFn: 'count', where: 'level:error', whereLanguage: 'lucene' }],
      },
    ],
  });
  expect(created.status).toBe(200);
  return created.body.data.id;
}

test.beforeEach(async ({ signIn }) => {
  await emulator.reset();
  await signIn('editor');
});

test('a filter on a field one source lacks applies to the other source and says so on the tiles it skips', async ({
  page,
}) => {
  const id = await mixedDashboard();
  const editor = new DashboardEditorPage(page);
  await editor.goto(`/dashboards/${id}`);
  await expect(editor.tile('Spans by service').getByRole('table')).toBeVisible();

  // A tile whose own query names a field its source lacks says which, in words.
  await expect(editor.tile('Broken on purpose').getByRole('alert')).toContainText(
    "This tile's source has no field level",
  );

  const logQuery = page.waitForRequest(
    (r) => r.url().endsWith('/charts/series') && (r.postData() ?? '').includes('SeverityText:error'),
  );
  await main(page).getByRole('textbox', { name: 'Filter every tile' }).fill('SeverityText:error');
  await main(page).getByRole('button', { name: 'Apply' }).click();
  await logQuery;

  const spans = editor.tile('Spans by service');
  await expect(spans).toContainText("This tile's source has no field SeverityText; the filter is not applied here.");
  await expect(spans.getByRole('table')).toBeVisible();
  await expect(spans.getByRole('alert')).toHaveCount(0);
  await expect(editor.tile('Log lines')).not.toContainText('not applied here');
  await expect(editor.tile('Log lines').getByRole('alert')).toHaveCount(0);

  // A field both sources have reaches every tile.
  await main(page).getByRole('textbox', { name: 'Filter every tile' }).fill('ServiceName:checkout');
  await main(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/q=ServiceName%3Acheckout/);
  await expect(spans).not.toContainText('not applied here');
  await expect(spans.getByRole('row')).toHaveCount(2);
  await expect(spans.getByRole('row').nth(1)).toContainText('checkout');
});

test("the tile editor offers the chosen source's fields for group-by, field and where", async ({ page }) => {
  const id = await mixedDashboard();
  const editor = new DashboardEditorPage(page);
  await editor.goto(`/dashboards/${id}`);
  await editor.addTileButton.click();
  const dialog = editor.tileDialog;
  await dialog.getByLabel('Shows').selectOption({ label: 'Table' });
  await dialog.getByLabel('Source').first().selectOption({ label: 'Logs (log)' });
  const groupBy = dialog.getByRole('combobox', { name: 'Group by' });
  const options = async () =>
    groupBy.evaluate((input: HTMLInputElement) => Array.from(input.list?.options ?? []).map((o) => o.value));
  await expect.poll(options).toEqual(expect.arrayContaining(['SeverityText', 'ServiceName', 'Body', 'LogAttributes.']));
  await expect(dialog).toContainText('Logs has');

  await dialog.getByLabel('Source').first().selectOption({ label: 'Traces (trace)' });
  await expect.poll(options).toEqual(expect.arrayContaining(['SpanName', 'Duration', 'StatusCode', 'SpanAttributes.']));
  expect(await options()).not.toContain('SeverityText');
});
