// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { settle } from '@/components/testing/render';
import { endpointKeys } from '@/lib/api/endpoints/keys';
import { serviceKeys } from '@/lib/api/services/keys';
import { ConsoleProvider } from '@/lib/console/console-context';
import { OverviewHeader } from './overview-view';

const ORGANIZATION = 'org-1';

function header(client: QueryClient) {
  return (
    <QueryClientProvider client={client}>
      <ConsoleProvider value={{ user: { name: 'u', role: 'viewer' }, organizationId: ORGANIZATION, serviceId: 's' }}>
        <OverviewHeader />
      </ConsoleProvider>
    </QueryClientProvider>
  );
}

describe('OverviewHeader', () => {
  it('hydrates as the server sent it when the shell has read the organization first, then names it', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    // The server renders before any record is read.
    const server = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    const container = document.createElement('div');
    container.innerHTML = renderToString(header(server));
    expect(container.textContent).toContain('Every service of the organization this console manages.');
    // In the browser the shell's reads answered before the page's part hydrated.
    const browser = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    browser.setQueryData(endpointKeys.organization(ORGANIZATION), { id: ORGANIZATION, name: 'Acme' });
    browser.setQueryData(serviceKeys.list(ORGANIZATION), [{ id: 'a', name: 'Production' }]);
    const mismatches: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, header(browser), { onRecoverableError: (error) => mismatches.push(error) });
    });
    await settle();
    expect(mismatches).toEqual([]);
    expect(container.textContent).toContain('Acme · 1 service');
    await act(async () => root?.unmount());
  });
});
