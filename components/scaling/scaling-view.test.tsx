// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleProvider } from '@/lib/console/console-context';
import { buttonNamed, byLabel, click, render, settle, type } from '@/components/testing/render';
import type { Role } from '@/lib/auth/roles';
import { SCALING_UNAVAILABLE_MESSAGE, ScalingView } from './scaling-view';

const ORG = '7f3c2a9e-5b1d-4c8e-9a6f-0d2e4b6c8a01';
const SVC = '2b8e4d6f-1a3c-4e5b-8d7f-9c0a1b2c3d04';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function view(role: Role) {
  return render(
    <ConsoleProvider value={{ user: { name: 'u', role }, organizationId: ORG, serviceId: SVC }}>
      <ScalingView />
    </ConsoleProvider>,
  );
}

describe('ScalingView', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('explains, rather than fails, when no database pipe exists yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, { status: 400, error: 'BAD_REQUEST: no Postgres pipe', code: 'BAD_REQUEST', requestId: 'r' }),
      ),
    );
    const page = await view('admin');
    await settle();
    expect(document.body.textContent).toContain(SCALING_UNAVAILABLE_MESSAGE);
    expect(document.querySelector('[role="alert"]')).toBeNull();
    // No link to a Pipes area until that area exists.
    expect(document.querySelector('main a, a[href="/pipes"]')).toBeNull();
    await page.unmount();
  });

  it('shows the allocation and its compute units, read-only for viewers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, { status: 200, requestId: 'r', result: { replicaCpuMillicores: 4000, replicaMemoryGb: 16 } }),
      ),
    );
    const page = await view('viewer');
    await settle();
    const text = document.body.textContent ?? '';
    expect(text).toContain('4 cores');
    expect(text).toContain('16 GB');
    expect(text).toContain('2 compute units');
    expect(document.querySelector('input[type="number"]')).toBeNull();
    await page.unmount();
  });

  it('keeps an out-of-bounds CPU on the field and sends only a valid one, with memory derived', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PATCH'
        ? json(200, { status: 200, requestId: 'r', result: JSON.parse(String(init.body)) })
        : json(200, { status: 200, requestId: 'r', result: { replicaCpuMillicores: 4000, replicaMemoryGb: 16 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page = await view('admin');
    // The form is loaded on demand (next/dynamic), after the data: wait for it, within 5 s.
    for (let waited = 0; waited < 5000 && !document.querySelector('input[type="number"]'); waited += 20) {
      await settle(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const cpu = byLabel('CPU cores');
    expect(cpu.value).toBe('4');
    expect(cpu.min).toBe('1');
    expect(cpu.max).toBe('24');
    expect(cpu.step).toBe('1');

    await type(cpu, '30');
    await click(buttonNamed('Save scaling'));
    await settle();
    expect(cpu.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('CPU must be at most 24 cores (24000 millicores)');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);

    await type(cpu, '6');
    expect(document.body.textContent).toContain('24 GB');
    expect(document.body.textContent).toContain('3 compute units');
    await click(buttonNamed('Save scaling'));
    await settle(10);
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(JSON.parse(String(patches[0]?.[1]?.body))).toEqual({ replicaCpuMillicores: 6000, replicaMemoryGb: 24 });
    expect(document.body.textContent).toContain('Saved: 6 cores and 24 GB.');
    await page.unmount();
  });
});
