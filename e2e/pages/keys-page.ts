/** The API keys page (`/keys`): its table, row menus and the create/edit dialogs. */
import { expect, type Locator, type Page, type Response } from '@playwright/test';

export type KeyRoleLabel = 'Admin' | 'Developer' | 'Query endpoints';

export interface KeyFormInput {
  name?: string;
  roles?: KeyRoleLabel[];
  addresses?: Array<{ source: string; description?: string }>;
}

/** True for the browser's (or the BFF's) call to the keys collection or one key. */
export function isKeysCall(response: Response, method: string): boolean {
  const url = new URL(response.url());
  return (
    response.request().method() === method &&
    /\/api\/cloud\/v1\/organizations\/[^/]+\/keys(\/[^/]+)?$/.test(url.pathname)
  );
}

export class KeysPage {
  readonly table: Locator;
  readonly createButton: Locator;
  readonly createDialog: Locator;
  readonly secretDialog: Locator;
  readonly editDialog: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'API keys' });
    this.createButton = page.getByRole('button', { name: 'Create key', exact: true });
    this.createDialog = page.getByRole('dialog', { name: 'Create API key' });
    this.secretDialog = page.getByRole('dialog', { name: 'API key created' });
    this.editDialog = page.getByRole('dialog', { name: 'Edit API key' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/keys');
    await expect(this.table).toBeVisible();
  }

  /** The table row whose name cell reads exactly `name`. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async openCreateDialog(): Promise<Locator> {
    await this.createButton.click();
    await expect(this.createDialog).toBeVisible();
    return this.createDialog;
  }

  /** Fills the fields of the create or edit dialog; addresses are appended as new rows. */
  async fillForm(dialog: Locator, input: KeyFormInput): Promise<void> {
    if (input.name !== undefined) await dialog.getByRole('textbox', { name: 'Name' }).fill(input.name);
    const roles = dialog.getByRole('group', { name: 'Roles' });
    for (const role of input.roles ?? []) await roles.getByRole('checkbox', { name: role }).check();
    const list = dialog.getByRole('group', { name: 'IP access list' });
    for (const address of input.addresses ?? []) {
      const n = (await list.getByRole('textbox', { name: /^Address \d+$/ }).count()) + 1;
      await list.getByRole('button', { name: 'Add address' }).click();
      await list.getByRole('textbox', { name: `Address ${n}`, exact: true }).fill(address.source);
      if (address.description !== undefined) {
        await list.getByRole('textbox', { name: `Description ${n}`, exact: true }).fill(address.description);
      }
    }
  }

  /** Opens the row's "Actions for …" menu and picks an item. */
  async rowAction(name: string, item: 'Edit' | 'Disable' | 'Enable' | 'Delete'): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  /** Clicks a dialog button and waits for the keys request it sends. */
  async submitAndWait(button: Locator, method: string): Promise<Response> {
    const [response] = await Promise.all([
      this.page.waitForResponse((candidate) => isKeysCall(candidate, method)),
      button.click(),
    ]);
    return response;
  }
}
