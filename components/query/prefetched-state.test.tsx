// @vitest-environment happy-dom
import { dehydrate, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { settle } from '@/components/testing/render';
import { PrefetchedState } from './prefetched-state';

const KEY = ['services'];
/** The server's HTML without React's text separators. */
const serverText = (html: string) => html.replace(/<!-- -->/g, '');

const never = () => new Promise<string[]>(() => {});

/** A part rendered before the page, reading the same query (the shell's services list). */
function Earlier() {
  const query = useQuery({ queryKey: KEY, queryFn: never });
  return <p>shell: {query.data ? query.data.join(', ') : 'pending'}</p>;
}

function Part() {
  const query = useQuery({ queryKey: KEY, queryFn: never });
  return <p>part: {query.data ? query.data.join(', ') : 'waiting…'}</p>;
}

/** What the server's dehydrate gives for the query, read at `at`. */
function stateOf(data: string[], at: number) {
  const server = new QueryClient();
  server.setQueryData(KEY, data, { updatedAt: at });
  return dehydrate(server);
}

describe('PrefetchedState', () => {
  it('fills in, during the server render, a query an earlier part made and left pending', () => {
    const client = new QueryClient();
    const html = serverText(
      renderToString(
        <QueryClientProvider client={client}>
          <Earlier />
          <PrefetchedState state={stateOf(['Production', 'Staging'], 1_000)}>
            <Part />
          </PrefetchedState>
        </QueryClientProvider>,
      ),
    );
    // The part is sent with its data (HydrationBoundary would leave it to an effect: "waiting…").
    expect(html).toContain('part: Production, Staging');
    // The earlier part rendered before the data came in.
    expect(html).toContain('shell: pending');
  });

  it('keeps data already on screen through the render and puts newer data in after commit', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const client = new QueryClient();
    client.setQueryData(KEY, ['Old'], { updatedAt: 1_000 });
    const tree = (
      <QueryClientProvider client={client}>
        <PrefetchedState state={stateOf(['New'], 2_000)}>
          <Part />
        </PrefetchedState>
      </QueryClientProvider>
    );
    expect(serverText(renderToString(tree))).toContain('part: Old');
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(tree));
    // The query's observers hear of the newer data in a later task.
    await settle();
    expect(container.textContent).toBe('part: New');
    await act(async () => root.unmount());
  });

  it('does not go back to older data than the cache holds', async () => {
    const client = new QueryClient();
    client.setQueryData(KEY, ['Newer'], { updatedAt: 5_000 });
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <PrefetchedState state={stateOf(['Older'], 2_000)}>
            <Part />
          </PrefetchedState>
        </QueryClientProvider>,
      ),
    );
    await settle();
    expect(container.textContent).toBe('part: Newer');
    await act(async () => root.unmount());
  });
});
