// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/testing/render';
import type { ServicePipes } from '@/lib/api/services/use-organization-pipe-states-query';
import { ServicesTable } from './services-table';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn() }),
  usePathname: () => '/',
  useSearchParams: () => new URLSearchParams(),
}));

const entry = (id: string, name: string, states: string[]): ServicePipes => ({
  service: { id, name, state: 'running', provider: 'aws', region: 'us-east-1' },
  asleep: false,
  pipes: states.map((state, index) => ({ id: `${id}-${index}`, name: `pipe ${index}`, state })),
  sampledAt: 0,
  isPending: false,
  error: null,
});

let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
});

const rowNames = (container: HTMLElement) =>
  [...container.querySelectorAll('tbody tr')].map((row) => row.querySelector('a')?.textContent);

describe('the services table', () => {
  it('lists services with failed pipes first, most first, and the rest by name with numbers in order', async () => {
    const view = await render(
      <ServicesTable
        entries={[
          entry('s10', 'Service 10', ['Running']),
          entry('s2', 'Service 2', ['Failed', 'Running']),
          entry('s4', 'Service 4', ['Running']),
          entry('s1', 'Service 1', ['Failed', 'Failed']),
          entry('s3', 'Service 3', []),
        ]}
      />,
    );
    unmount = view.unmount;
    expect(rowNames(view.container)).toEqual(['Service 1', 'Service 2', 'Service 3', 'Service 4', 'Service 10']);
  });
});
