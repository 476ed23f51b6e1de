/** The dashboard editor (`/dashboards/{id}` and `/managed/dashboards/{id}`): grid, tiles, tile dialog, save state. */
import { expect, type Locator, type Page, type Response } from '@playwright/test';

export interface TileInput {
  name: string;
  /** What the tile shows, by its label in the editor ("Line chart", "Number", "Pie chart"…). */
  type?: string;
  source?: string;
  aggregation?: string;
  field?: string;
  where?: string;
}

/** True for the browser's PUT of a dashboard on either surface. */
export function isDashboardSave(response: Response): boolean {
  return response.request().method() === 'PUT' && /\/dashboards\/[^/]+$/.test(new URL(response.url()).pathname);
}

export class DashboardEditorPage {
  readonly saveStatus: Locator;
  readonly addTileButton: Locator;
  readonly tileDialog: Locator;
  readonly undoButton: Locator;
  readonly conflictDialog: Locator;
  readonly announcer: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.saveStatus = main.locator('[data-state]').filter({ hasText: /Saved|Saving|Not saved/ });
    this.addTileButton = main.getByRole('button', { name: 'Add tile', exact: true });
    this.tileDialog = page.getByRole('dialog', { name: /Add tile|Edit tile/ });
    this.undoButton = main.getByRole('button', { name: 'Undo', exact: true });
    this.conflictDialog = page.getByRole('dialog', { name: 'This dashboard was changed by someone else' });
    this.announcer = main.locator('[data-announcer]');
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    // The page's own title: a note's Markdown may draw level-1 headings of its own inside a tile.
    await expect(this.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }

  tile(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** The grid item around a tile (positioned by react-grid-layout, or one per row on a narrow screen). */
  gridItem(name: string): Locator {
    return this.page.locator('[data-grid-item]').filter({ has: this.tile(name) });
  }

  async box(name: string): Promise<{ x: number; y: number; width: number; height: number }> {
    const box = await this.gridItem(name).boundingBox();
    if (!box) throw new Error(`tile ${name} is not on screen`);
    return box;
  }

  async expectSaved(): Promise<void> {
    await expect(this.saveStatus).toHaveText('Saved', { timeout: 15_000 });
  }

  async fillTile(input: TileInput): Promise<void> {
    const dialog = this.tileDialog;
    await dialog.getByLabel('Name', { exact: true }).fill(input.name);
    if (input.type) await dialog.getByLabel('Shows').selectOption({ label: input.type });
    if (input.source) await dialog.getByLabel('Source').first().selectOption({ label: input.source });
    if (input.aggregation) await dialog.getByLabel('Aggregation').first().selectOption({ label: input.aggregation });
    if (input.field !== undefined) await dialog.getByLabel('Field', { exact: true }).first().fill(input.field);
    if (input.where !== undefined) await dialog.getByLabel('Where').first().fill(input.where);
  }

  async addTile(input: TileInput): Promise<void> {
    await this.addTileButton.click();
    await expect(this.tileDialog).toBeVisible();
    await this.fillTile(input);
    await this.tileDialog.getByRole('button', { name: 'Add tile' }).click();
    await expect(this.tileDialog).toBeHidden();
    await expect(this.tile(input.name)).toBeVisible();
  }

  async tileMenu(name: string, item: string): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for tile ${name}` }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  /** Drags a tile by its handle. */
  async dragBy(name: string, dx: number, dy: number): Promise<void> {
    await this.pull(this.tile(name).locator('[data-drag-handle]'), `no drag handle on ${name}`, dx, dy);
  }

  /** Resizes a tile from its bottom-right corner. */
  async resizeBy(name: string, dx: number, dy: number): Promise<void> {
    await this.pull(this.gridItem(name).locator('.react-resizable-handle-se'), `no resize handle on ${name}`, dx, dy);
  }

  /** The mouse gesture of both: press on the handle, pass the drag threshold, move in steps, release. */
  private async pull(handle: Locator, missing: string, dx: number, dy: number): Promise<void> {
    const box = await handle.boundingBox();
    if (!box) throw new Error(missing);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + 5, y + 5, { steps: 2 });
    await this.page.mouse.move(x + dx, y + dy, { steps: 20 });
    await this.page.mouse.up();
  }
}
