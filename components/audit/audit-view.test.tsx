// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleProvider } from '@/lib/console/console-context';
import type { AuditRecord } from '@/lib/audit/events';
import type { Role } from '@/lib/auth/roles';
import { buttonNamed, click, render, settle } from '@/components/testing/render';
import { AuditView } from './audit-view';

const replace = vi.fn();
let search = new URLSearchParams();
const listeners = new Set<() => void>();
// A push moves the page to the new URL, as Next's router does, so the view reads it again.
const push = vi.fn((url: string) => {
  search = new URLSearchParams(url.split('?')[1] ?? '');
  for (const listener of listeners) listener();
});
vi.mock('next/navigation', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    useRouter: () => ({ replace, push }),
    usePathname: () => '/audit',
    useSearchParams: () => useSyncExternalStore(subscribe, () => search),
  };
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function event(id: number): AuditRecord {
  return {
    id: String(id),
    at: '2026-03-01T12:00:00.000Z',
    actor: 'alice',
    actorRole: 'admin',
    authMethod: 'sso',
    operation: 'pipe.state',
    targetType: 'Pipe',
    targetId: 'p1',
    targetName: 'Orders',
    outcome: 'success',
    status: 200,
    requestId: `request-${id}`,
    errorCode: null,
    changes: 'command=stop',
    clientAddress: null,
  };
}

function view(role: Role = 'admin') {
  return render(
    <ConsoleProvider value={{ user: { name: 'u', role }, organizationId: 'o', serviceId: 's' }}>
      <AuditView />
    </ConsoleProvider>,
  );
}

const text = () => document.body.textContent ?? '';

describe('AuditView', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    replace.mockReset();
    push.mockClear();
    search = new URLSearchParams();
    document.body.innerHTML = '';
  });

  it('pages older and newer by event id, labelling operations and how users signed in', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('before=49')
        ? json(200, { events: [event(48)], next: null })
        : json(200, { events: [event(50), event(49)], next: '49' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page = await view();
    await settle();
    expect(text()).toContain('Start, stop or resync pipe');
    expect(text()).toContain('command=stop');
    expect(text()).toContain('Admin · single sign-on');
    expect(text()).toContain('Events 1–2, newest first');
    expect(buttonNamed('Newer').disabled).toBe(true);

    await click(buttonNamed('Older'));
    await settle();
    expect(push).toHaveBeenLastCalledWith('/audit?older=49', { scroll: false });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/audit?before=49', expect.anything());
    expect(text()).toContain('request-48');
    expect(text()).toContain('Events 51–51, newest first');
    expect(buttonNamed('Older').disabled).toBe(true);

    await click(buttonNamed('Newer'));
    await settle();
    expect(push).toHaveBeenLastCalledWith('/audit', { scroll: false });
    expect(text()).toContain('request-50');
    await page.unmount();
  });

  it('shows the error with a retry, and the empty states with and without filters', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, { status: 503, error: 'database unavailable', code: 'X', requestId: 'r1' })),
    );
    let page = await view();
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('Could not load the audit log');
    expect(text()).toContain('database unavailable');
    await page.unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { events: [], next: null })),
    );
    page = await view();
    await settle();
    expect(text()).toContain('No events yet');
    await page.unmount();

    search = new URLSearchParams('user=nobody');
    page = await view();
    await settle();
    expect(text()).toContain('No events match these filters');
    await click(buttonNamed('Clear filters'));
    expect(replace).toHaveBeenCalledWith('/audit', { scroll: false });
    await page.unmount();
  });

  it('asks nothing of the server for a non-admin', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const page = await view('editor');
    await settle();
    expect(text()).toContain('Only admins can see the audit log.');
    expect(fetchMock).not.toHaveBeenCalled();
    await page.unmount();
  });
});

describe('AuditView from a shared link', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    search = new URLSearchParams();
    document.body.innerHTML = '';
  });

  it('opens the page of the log the URL names, under its filters', async () => {
    const fetchMock = vi.fn(async () => json(200, { events: [event(48)], next: null }));
    vi.stubGlobal('fetch', fetchMock);
    search = new URLSearchParams('user=alice&older=60&older=49&older=not-an-id');
    const page = await view();
    await settle();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/audit?user=alice&before=49', expect.anything());
    expect(text()).toContain('Events 101–101, newest first');
    expect(buttonNamed('Newer').disabled).toBe(false);
    await page.unmount();
  });
});
