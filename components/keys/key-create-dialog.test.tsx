// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, byLabel, click, render, settle, type } from '@/components/testing/render';
import { KeyCreateDialog } from './key-create-dialog';

const ORG = '7f3c2a9e-5b1d-4c8e-9a6f-0d2e4b6c8a01';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('KeyCreateDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('blocks an invalid form with the schema messages and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const view = await render(
      <KeyCreateDialog open onOpenChange={() => undefined} organizationId={ORG} onCreated={() => undefined} />,
    );
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    await click(buttonNamed('Create key', dialog));
    await settle();
    expect(dialog.textContent).toContain('Name is required');
    expect(dialog.textContent).toContain('Choose at least one role');
    expect(fetchMock).not.toHaveBeenCalled();
    await view.unmount();
  });

  it("puts the server's field errors on their fields and keeps what was typed", async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(400, {
        status: 400,
        error: 'Body validation failed',
        code: 'BAD_REQUEST',
        requestId: 'r1',
        fields: [{ path: 'ipAccessList.0.source', message: 'Address is not allowed here' }],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onCreated = vi.fn();
    const view = await render(
      <KeyCreateDialog open onOpenChange={() => undefined} organizationId={ORG} onCreated={onCreated} />,
    );
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;

    await type(byLabel('Name', dialog), 'deploy bot');
    await click(byLabel('Developer', dialog));
    await click(buttonNamed('Add address', dialog));
    await type(byLabel('Address 1', dialog), '10.1.0.0/16');
    await click(buttonNamed('Create key', dialog));
    await settle(10);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/cloud/v1/organizations/${ORG}/keys`);
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'deploy bot',
      roles: ['developer'],
      ipAccessList: [{ source: '10.1.0.0/16', description: '' }],
    });

    const address = byLabel('Address 1', dialog);
    expect(address.value).toBe('10.1.0.0/16');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    const describedBy = address.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Address is not allowed here');
    expect(byLabel('Name', dialog).value).toBe('deploy bot');
    expect(dialog.querySelector('form [role="alert"]')?.textContent).toBe('Check the highlighted fields.');
    expect(onCreated).not.toHaveBeenCalled();
    await view.unmount();
  });

  it('hands the one-time secret to the caller on success', async () => {
    const created = {
      key: {
        id: 'k1',
        name: 'deploy bot',
        state: 'enabled',
        roles: ['admin'],
        keySuffix: 'abcd',
        createdAt: '2030-01-01T00:00:00Z',
        ipAccessList: [],
      },
      keyId: 'KEYID',
      keySecret: 'SECRET',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { status: 200, requestId: 'r', result: created })),
    );
    const onCreated = vi.fn();
    const view = await render(
      <KeyCreateDialog open onOpenChange={() => undefined} organizationId={ORG} onCreated={onCreated} />,
    );
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    await type(byLabel('Name', dialog), 'deploy bot');
    await click(byLabel('Admin', dialog));
    await click(buttonNamed('Create key', dialog));
    await settle(10);
    expect(onCreated).toHaveBeenCalledWith(created);
    await view.unmount();
  });
});
