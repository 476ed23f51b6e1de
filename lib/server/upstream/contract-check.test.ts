import { describe, expect, it, vi } from 'vitest';
import * as pipesRoute from '@/app/api/cloud/v1/organizations/[organizationId]/services/[serviceId]/datapipes/route';
import * as webhooksRoute from '@/app/api/observability/v2/webhooks/route';
import { log } from '../log';
import { callRoute as call, json, ORG_ID, SERVICE_ID, stubUpstreamForFile } from '../test-support';
import { UNEXPECTED_ANSWER_HEADER } from './contract-check';

const upstream = stubUpstreamForFile();
const REQUEST_ID = '0b6f9a2e-3c1d-4e5f-8a7b-9c0d1e2f3a4b';
const PIPE_ID = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const pipesPath = `/api/cloud/v1/organizations/${ORG_ID}/services/${SERVICE_ID}/datapipes`;
const readPipes = () =>
  call(pipesRoute.GET, pipesPath, { organizationId: ORG_ID, serviceId: SERVICE_ID }, { role: 'viewer' });

describe('answers checked against the published contract', () => {
  it('passes a valid answer on without a word', async () => {
    upstream.stub.handle((_req, res) =>
      json(res, 200, {
        status: 200,
        requestId: REQUEST_ID,
        result: [{ id: PIPE_ID, name: 'orders', state: 'Running' }],
      }),
    );
    const response = await readPipes();
    expect(response.status).toBe(200);
    expect(response.headers.get(UNEXPECTED_ANSWER_HEADER)).toBeNull();
  });

  it('logs a mismatch by operation, path and rule, never its values, and still hands over what could be read', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const record = {
      id: PIPE_ID,
      name: 'orders',
      state: 'Hibernating',
      scaling: { replicas: 'two' },
      source: { kafka: { brokers: 'b:9092', credentials: { password: 'hunter2' } } },
    };
    upstream.stub.handle((_req, res) => json(res, 200, { status: 200, requestId: REQUEST_ID, result: [record] }));
    const response = await readPipes();
    expect(response.status).toBe(200);
    expect(response.headers.get(UNEXPECTED_ANSWER_HEADER)).toBe(
      'GET /v1/organizations/{organizationId}/services/{serviceId}/clickpipes',
    );
    const body = (await response.json()) as { result: { name: string; state: string; scaling: unknown }[] };
    expect(body.result[0]).toMatchObject({ name: 'orders', state: 'Hibernating', scaling: { replicas: 'two' } });
    expect(JSON.stringify(body)).not.toContain('hunter2');

    const [fields, message] = warn.mock.calls.find(([, text]) => String(text).startsWith('unexpected answer'))! as [
      Record<string, unknown>,
      string,
    ];
    expect(message).toBe('unexpected answer from the cloud API: it does not match the published contract');
    expect(fields).toMatchObject({
      upstream: 'cloud',
      operation: 'GET /v1/organizations/{organizationId}/services/{serviceId}/clickpipes',
    });
    const paths = (fields.problems as { path: string }[]).map((problem) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(['/result/0/state', '/result/0/scaling/replicas']));
    const logged = JSON.stringify(fields);
    for (const value of ['Hibernating', 'two', 'hunter2', 'b:9092']) expect(logged).not.toContain(value);
    warn.mockRestore();
  });

  it('flags a paged list whose page breaks the contract', async () => {
    upstream.stub.handle((_req, res) => json(res, 200, { data: [{ id: 'x', service: 'pager' }] }));
    const response = await call(webhooksRoute.GET, '/api/observability/v2/webhooks', {}, { role: 'viewer' });
    expect(response.headers.get(UNEXPECTED_ANSWER_HEADER)).toBe('GET /api/v2/webhooks');
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(1);
  });
});
