// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyRecord } from '@/lib/schemas/keys';
import { createQueryClient } from '../query-client';
import { keyKeys } from './keys';
import { useKeyDeleteMutation } from './use-key-delete-mutation';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const ORG = '11111111-1111-4111-8111-111111111111';
const record = (id: string) => ({ id, name: id }) as KeyRecord;

function DeleteOnMount({ onSuccess, onError }: { onSuccess: () => void; onError: (code: string) => void }) {
  const remove = useKeyDeleteMutation(ORG, { onSuccess, onError: (error) => onError(error.code) });
  const { mutate } = remove;
  useEffect(() => mutate({ keyId: 'b' }), [mutate]);
  return null;
}

async function run(client: QueryClient, props: Parameters<typeof DeleteOnMount>[0]): Promise<void> {
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () =>
    createRoot(container).render(
      <QueryClientProvider client={client}>
        <DeleteOnMount {...props} />
      </QueryClientProvider>,
    ),
  );
  for (let i = 0; i < 10; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('useKeyDeleteMutation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it("drops the key from the cached list, then calls the caller's onSuccess", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient(() => undefined);
    client.setQueryData(keyKeys.list(ORG), [record('a'), record('b')]);
    let listSeenBySuccess: KeyRecord[] | undefined;
    await run(client, {
      onSuccess: () => (listSeenBySuccess = client.getQueryData<KeyRecord[]>(keyKeys.list(ORG))),
      onError: () => {},
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/cloud/v1/organizations/${ORG}/keys/b`);
    expect(fetchMock.mock.calls[0]?.[1].method).toBe('DELETE');
    expect(listSeenBySuccess?.map((key) => key.id)).toEqual(['a']);
  });

  it("hands the caller's onError an ApiRequestError with its code", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 409, error: 'Confirm', code: 'LOCKOUT_CONFIRMATION_REQUIRED' }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const codes: string[] = [];
    await run(
      createQueryClient(() => undefined),
      { onSuccess: () => {}, onError: (code) => codes.push(code) },
    );
    expect(codes).toEqual(['LOCKOUT_CONFIRMATION_REQUIRED']);
  });
});
