// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api/client';
import { render } from '@/components/testing/render';
import { BudgetWaitNotice } from './budget-wait-notice';

const exhausted = () =>
  new ApiRequestError({
    status: 429,
    code: 'UPSTREAM_BUDGET_EXHAUSTED',
    message:
      'The cloud API budget (10 requests per 10 s, shared by everyone using this console) is exhausted; retrying in 1 s',
    retryAfter: 1,
  });

function Keys({ answers }: { answers: (() => Promise<string>)[] }) {
  const query = useQuery({ queryKey: ['keys'], queryFn: () => answers.shift()!() });
  return <p data-testid="keys">{query.data ?? (query.isError ? 'failed' : 'loading')}</p>;
}

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('budget wait notice', () => {
  it('says why the page waits while a read is retried for the budget, and goes once it is served', async () => {
    const answers = [() => Promise.reject(exhausted()), () => Promise.resolve('3 keys')];
    const view = await render(
      <>
        <BudgetWaitNotice />
        <Keys answers={answers} />
      </>,
    );
    await sleep(100);
    const notice = view.container.querySelector('[role="status"]');
    expect(notice?.textContent).toContain('Waiting for the upstream budget');
    expect(notice?.textContent).toContain(
      'The cloud API budget (10 requests per 10 s, shared by everyone using this console) is exhausted; retrying in 1 s (1 read on this page).',
    );
    await sleep(1300);
    expect(view.container.querySelector('[data-testid="keys"]')?.textContent).toBe('3 keys');
    expect(view.container.querySelector('[role="status"]')).toBeNull();
    await view.unmount();
  });

  it('stays away for other failures, which the page itself shows', async () => {
    const answers = [
      () => Promise.reject(new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' })),
      () => Promise.reject(new Error('x')),
    ];
    const view = await render(
      <>
        <BudgetWaitNotice />
        <Keys answers={answers} />
      </>,
    );
    await sleep(100);
    expect(view.container.querySelector('[role="status"]')).toBeNull();
    await view.unmount();
  });
});
