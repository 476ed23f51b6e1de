/** The private endpoints page (`/endpoints`). */
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { E2E } from '../fixtures/env';
import { servicePage } from './service-pages';

const servicePathname = `/api/cloud/v1/organizations/${E2E.organizationId}/services/${E2E.serviceId}`;

/** The browser's PATCH of the service record (attach/detach). */
export const isServicePatch = (response: Response) =>
  response.request().method() === 'PATCH' && new URL(response.url()).pathname === servicePathname;

/** The browser's POST registering an endpoint. */
export const isEndpointRegister = (response: Response) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === `${servicePathname}/privateEndpoint`;

export class EndpointsPage {
  readonly table: Locator;
  readonly registerButton: Locator;
  readonly registerDialog: Locator;
  readonly setupPanel: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Private endpoints' });
    this.registerButton = page.getByRole('button', { name: 'Register endpoint', exact: true });
    this.registerDialog = page.getByRole('dialog', { name: 'Register endpoint' });
    this.setupPanel = page.getByRole('region', { name: 'Set up a private endpoint' });
  }

  async goto(): Promise<void> {
    await this.page.goto(servicePage('endpoints'));
    await expect(this.table).toBeVisible();
  }

  row(id: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: id, exact: true }) });
  }

  attachButton(id: string): Locator {
    return this.page.getByRole('button', { name: `Attach ${id}`, exact: true });
  }

  detachButton(id: string): Locator {
    return this.page.getByRole('button', { name: `Detach ${id}`, exact: true });
  }

  /** A confirmation or failure message of the page (not the dialogs). */
  message(text: string): Locator {
    return this.page.getByRole('main').getByRole('status').filter({ hasText: text });
  }
}
