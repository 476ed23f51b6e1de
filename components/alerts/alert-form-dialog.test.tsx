// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleProvider } from '@/lib/console/console-context';
import { buttonNamed, byLabel, click, render, settle, type } from '@/components/testing/render';
import type { Surface } from '@/lib/observability/surface';
import { AlertFormDialog } from './alert-form-dialog';

const ORG = '7f3c2a9e-5b1d-4c8e-9a6f-0d2e4b6c8a01';
const SVC = '2b8e4d6f-1a3c-4e5b-8d7f-9c0a1b2c3d04';
const DASHBOARD = '65f0c0ffee0123456789abc1';
const TILE = '65f0c0ffee0123456789abc2';
const WEBHOOK = '65f0c0ffee0123456789abc3';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function selectNamed(label: string): HTMLSelectElement {
  for (const element of document.querySelectorAll('label')) {
    if (element.textContent?.trim() === label) {
      const control = document.getElementById(element.htmlFor);
      if (control instanceof HTMLSelectElement) return control;
    }
  }
  throw new Error(`No select labelled "${label}"`);
}

async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let waited = 0; waited < 3000 && !check(); waited += 20) {
    await settle(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function view(surface: Surface, fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  return render(
    <ConsoleProvider value={{ user: { name: 'u', role: 'editor' }, organizationId: ORG, serviceId: SVC }}>
      <AlertFormDialog
        surface={surface}
        open
        onOpenChange={() => {}}
        dashboardId={DASHBOARD}
        tileId={TILE}
        tileName="Errors"
      />
    </ConsoleProvider>,
  );
}

describe('AlertFormDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('creates an alert on a tile with a webhook from the list, and keeps the input when the server names a field', async () => {
    const posts: unknown[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/webhooks')) return json(200, { data: [{ id: WEBHOOK, name: 'Ops Slack', service: 'slack' }] });
      posts.push(JSON.parse(String(init?.body)));
      return posts.length === 1
        ? json(400, {
            status: 400,
            error: 'invalid',
            code: 'VALIDATION_FAILED',
            requestId: 'r',
            fields: [{ path: 'channel.webhookId', message: 'Webhook not found' }],
          })
        : json(200, { data: { id: 'a1', ...(posts[1] as object) } });
    });
    const page = await view('oss', fetchMock);
    await waitFor(() => document.querySelector('option[value="' + WEBHOOK + '"]') !== null);

    await type(byLabel('Name'), 'Error spike');
    await type(byLabel('Threshold'), '100');
    await choose(selectNamed('Interval'), '15m');
    await choose(selectNamed('Webhook'), WEBHOOK);
    await click(buttonNamed('Create alert'));
    await waitFor(() => document.body.textContent?.includes('Webhook not found') ?? false);

    expect(posts[0]).toEqual({
      name: 'Error spike',
      source: 'tile',
      dashboardId: DASHBOARD,
      tileId: TILE,
      threshold: 100,
      thresholdType: 'above',
      interval: '15m',
      channel: { type: 'webhook', webhookId: WEBHOOK },
    });
    expect(document.body.textContent).toContain('Webhook not found');
    expect(byLabel('Name').value).toBe('Error spike');
    expect(byLabel('Threshold').value).toBe('100');
    await page.unmount();
  });

  it('takes a webhook id by hand on the managed surface and refuses a bad one, naming the field', async () => {
    const fetchMock = vi.fn(async () => json(200, { status: 200, requestId: 'r', result: { id: 'a1' } }));
    const page = await view('managed', fetchMock);
    await settle();
    await type(byLabel('Name'), 'Error spike');
    await type(byLabel('Threshold'), '5');
    await type(byLabel('Webhook id'), 'ops-slack');
    await click(buttonNamed('Create alert'));
    await waitFor(() => document.body.textContent?.includes('Webhook must be') ?? false);
    expect(document.body.textContent).toContain('Webhook must be 24 hexadecimal characters or a UUID');
    expect(byLabel('Webhook id').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    await page.unmount();
  });
});
