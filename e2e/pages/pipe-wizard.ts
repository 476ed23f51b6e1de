/** The pipe creation wizard (`/pipes/new`): its steps, navigation and the fields each kind asks for. */
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { servicePage } from './service-pages';

export type KindLabel = 'Kafka' | 'Amazon Kinesis' | 'Object storage' | 'Postgres';
export type StepTitle =
  'Source kind' | 'Connection' | 'Destination' | 'Field mappings' | 'Scaling and settings' | 'Review';

export const PEM_CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUTest\n-----END CERTIFICATE-----';

/** True for the browser's creation call through the BFF. */
export function isPipeCreateCall(response: Response): boolean {
  return (
    response.request().method() === 'POST' && /\/services\/[^/]+\/datapipes$/.test(new URL(response.url()).pathname)
  );
}

export class PipeWizard {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('main').locator('form');
  }

  async goto(): Promise<void> {
    await this.page.goto(servicePage('pipes', 'new'));
    await this.expectStep('Source kind');
  }

  async expectStep(title: StepTitle): Promise<void> {
    await expect(
      this.page.getByRole('main').getByRole('heading', { level: 2, name: title, exact: true }),
    ).toBeVisible();
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async fill(fields: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(fields)) await this.field(label).fill(value);
  }

  async select(fields: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(fields)) await this.field(label).selectOption(value);
  }

  async start(name: string, kind: KindLabel): Promise<void> {
    await this.goto();
    await this.field('Pipe name').fill(name);
    await this.form.getByRole('radio', { name: kind }).check();
    await this.next('Connection');
  }

  /** Next, then the step it should lead to. */
  async next(expected: StepTitle): Promise<void> {
    await this.form.getByRole('button', { name: 'Next' }).click();
    await this.expectStep(expected);
  }

  /** Columns of the destination table, by name and type (picked), replacing the one empty row. */
  async columns(columns: Array<[string, string]>): Promise<void> {
    for (const [index, [name, type]] of columns.entries()) {
      if (index > 0) await this.form.getByRole('button', { name: 'Add column' }).click();
      await this.field(`Column ${index + 1} name`).fill(name);
      await this.pickType(index + 1, type);
    }
  }

  /** A column's type through its searchable picker: typed, then the first match taken with Enter. */
  async pickType(column: number, type: string): Promise<void> {
    const picker = this.form.getByRole('combobox', { name: `Column ${column} type` });
    await picker.focus();
    await picker.press('ArrowDown'); // opens the list, so what is typed next filters it even when it is the current type
    await picker.fill(type);
    await expect(
      this.form
        .getByRole('listbox', { name: `Column ${column} type choices` })
        .getByRole('option')
        .first(),
    ).toHaveText(type);
    await picker.press('Enter');
    await expect(picker).toHaveValue(type);
  }

  /** Submits the review step and returns the creation call's response. */
  async create(): Promise<Response> {
    await this.expectStep('Review');
    const [response] = await Promise.all([
      this.page.waitForResponse(isPipeCreateCall),
      this.form.getByRole('button', { name: 'Create pipe' }).click(),
    ]);
    return response;
  }
}
