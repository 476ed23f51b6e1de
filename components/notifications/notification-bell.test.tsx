// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/testing/render';
import { NotificationBell } from './notification-bell';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => '/pipes',
}));

afterEach(() => vi.unstubAllGlobals());

function inbox(unread: number): Response {
  return new Response(JSON.stringify({ data: [], unread }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

describe('notification bell', () => {
  it('names the unread count for screen readers, shows it, and opens the centre', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => inbox(3)),
    );
    const view = await render(<NotificationBell />);
    await act(async () => {
      await vi.waitFor(() =>
        expect(view.container.querySelector('a')?.getAttribute('aria-label')).toBe('Notifications, 3 unread'),
      );
    });
    const link = view.container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(link.textContent).toBe('3');
    await view.unmount();
  });

  it('says none are unread without a badge', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => inbox(0)),
    );
    const view = await render(<NotificationBell />);
    await act(async () => {
      await vi.waitFor(() =>
        expect(view.container.querySelector('a')?.getAttribute('aria-label')).toBe('Notifications, none unread'),
      );
    });
    expect(view.container.querySelector('a')!.textContent).toBe('');
    await view.unmount();
  });
});
