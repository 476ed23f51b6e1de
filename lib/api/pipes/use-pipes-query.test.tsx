// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { usePipesQuery } from './use-pipes-query';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** Mounts `ui` with the console's query client (lib/ cannot use the components' test helpers). */
async function render(ui: ReactNode): Promise<void> {
  const container = document.body.appendChild(document.createElement('div'));
  const client = createQueryClient(() => undefined);
  await act(async () => createRoot(container).render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>));
}

/** Lets the mocked fetch and react-query settle. */
async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const ORG = '11111111-1111-4111-8111-111111111111';
const SVC = '22222222-2222-4222-8222-222222222222';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function PipeNames({ enabled }: { enabled?: boolean }) {
  const pipes = usePipesQuery(ORG, SVC, { enabled, select: (list) => list.map((pipe) => pipe.name).join(', ') });
  // The error is typed: its code and status are read without a cast.
  if (pipes.error) return <p>{`${pipes.error.status} ${pipes.error.code}`}</p>;
  return <p>{pipes.data ?? 'nothing yet'}</p>;
}

describe('usePipesQuery', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it("reads the service's pipes and applies the caller's select", async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      answer(200, {
        status: 200,
        requestId: 'r',
        result: [
          { id: 'a', name: 'orders' },
          { id: 'b', name: 'clicks' },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await render(<PipeNames />);
    await settle();
    expect(document.body.textContent).toBe('orders, clicks');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/cloud/v1/organizations/${ORG}/services/${SVC}/datapipes`);
  });

  it("does not read while the caller's enabled is false", async () => {
    const fetchMock = vi.fn(async () => answer(200, { status: 200, requestId: 'r', result: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await render(<PipeNames enabled={false} />);
    await settle();
    expect(document.body.textContent).toBe('nothing yet');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives a failed read as an ApiRequestError with the status and code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, { status: 404, error: 'No such service', code: 'NOT_FOUND', requestId: 'r' })),
    );
    await render(<PipeNames />);
    await settle(10);
    expect(document.body.textContent).toBe('404 NOT_FOUND');
  });
});
