// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateRuleInput, RuleView } from '@/lib/schemas/notifications';
import { createQueryClient } from '../query-client';
import { notificationSettingsKeys } from './keys';
import { useRuleCreateMutation } from './use-rule-create-mutation';

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const input = { name: 'Failures', events: ['pipe.failed'], channelIds: ['c1'] } as unknown as CreateRuleInput;

function CreateOnMount(props: { onSuccess: () => void; onError: (code: string, fields: string[]) => void }) {
  const create = useRuleCreateMutation({
    onSuccess: props.onSuccess,
    onError: (error) =>
      props.onError(
        error.code,
        (error.fields ?? []).map((field) => field.path),
      ),
  });
  const { mutate } = create;
  useEffect(() => mutate(input), [mutate]);
  return null;
}

async function run(client: QueryClient, props: Parameters<typeof CreateOnMount>[0]): Promise<void> {
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () =>
    createRoot(container).render(
      <QueryClientProvider client={client}>
        <CreateOnMount {...props} />
      </QueryClientProvider>,
    ),
  );
  for (let i = 0; i < 10; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('useRuleCreateMutation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it("posts the rule, marks the rules list stale, then calls the caller's onSuccess", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      json(201, { data: { id: 'r1', name: 'Failures' } as RuleView }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient(() => undefined);
    client.setQueryData(notificationSettingsKeys.rules(), []);
    let staleWhenTold: boolean | undefined;
    await run(client, {
      onSuccess: () => (staleWhenTold = client.getQueryState(notificationSettingsKeys.rules())?.isInvalidated),
      onError: () => {},
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/notifications/rules');
    expect(fetchMock.mock.calls[0]?.[1].method).toBe('POST');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual(input);
    expect(staleWhenTold).toBe(true);
  });

  it("hands the caller's onError an ApiRequestError with its code and the fields it names", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          status: 400,
          error: 'Request body is invalid: name: Required',
          code: 'VALIDATION_FAILED',
          fields: [{ path: 'name', message: 'Required' }],
        }),
      ),
    );
    const seen: Array<[string, string[]]> = [];
    await run(
      createQueryClient(() => undefined),
      {
        onSuccess: () => {},
        onError: (code, fields) => seen.push([code, fields]),
      },
    );
    expect(seen).toEqual([['VALIDATION_FAILED', ['name']]]);
  });
});
