// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/api/client';
import { dismissUnexpectedAnswers } from '@/lib/api/unexpected-answers';
import { render } from '@/components/testing/render';
import { UnexpectedAnswerNotice } from './unexpected-answer-notice';

function answer(body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  dismissUnexpectedAnswers();
});

describe('unexpected answer notice', () => {
  it('says which reads came back outside the contract, keeps their data, and can be dismissed', async () => {
    const view = await render(<UnexpectedAnswerNotice />);
    expect(view.container.textContent).toBe('');
    const fetchMock = vi.fn(async (path: string) =>
      path.includes('datapipes')
        ? answer(
            { result: [{ name: 'orders' }] },
            { 'x-sluice-unexpected-answer': 'GET /v1/…/clickpipes', 'x-request-id': 'req-1' },
          )
        : answer({ data: [] }),
    );
    vi.stubGlobal('fetch', fetchMock);

    let data: unknown;
    await act(async () => {
      data = await apiFetch('/api/cloud/v1/organizations/o/services/s/datapipes');
      await apiFetch('/api/observability/v2/sources');
    });
    expect(data).toEqual({ result: [{ name: 'orders' }] });
    const alert = view.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Unexpected answer from the cloud API');
    expect(alert?.textContent).toContain('/api/cloud/v1/organizations/o/services/s/datapipes — request id req-1');
    expect(alert?.textContent).not.toContain('sources');

    await act(async () => (view.container.querySelector('button') as HTMLButtonElement).click());
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
    await view.unmount();
  });
});
