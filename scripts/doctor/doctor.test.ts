import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index';
import { runDoctor, type DoctorConfig } from './checks';
import { formatDoctorReport } from './report';

let emulator: RunningEmulator;
let config: DoctorConfig;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, quiet: true, chartEvents: 2000 });
  config = {
    cloud: {
      baseUrl: emulator.cloudUrl,
      keyId: emulator.cloudKeyId,
      keySecret: emulator.cloudKeySecret,
      organizationId: emulator.organizationId,
      serviceId: emulator.serviceId,
    },
    observability: { baseUrl: emulator.observabilityUrl, apiKey: emulator.observabilityApiKey },
  };
});
afterAll(() => emulator.close());

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${emulator.cloudUrl}/__emulator/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('npm run doctor', () => {
  it('finds every read of a faithful service working, with its requestId, and changes nothing', async () => {
    await control('DELETE', 'requests');
    const results = await runDoctor(config);
    expect(results.map((result) => [result.name, result.outcome])).toEqual([
      ['organization', 'ok'],
      ['API keys', 'ok'],
      ['service', 'ok'],
      ['pipes', 'ok'],
      ['database pipe scaling', 'ok'],
      ['managed dashboards', 'ok'],
      ['dashboards', 'ok'],
      ['alerts', 'ok'],
      ['sources', 'ok'],
      ['chart query, last 5 minutes', 'ok'],
    ]);
    expect(
      results
        .filter((result) => result.surface === 'cloud')
        .every((result) => /^[0-9a-f-]{36}$/.test(result.requestId ?? '')),
    ).toBe(true);
    const log = (await (await control('GET', 'requests')).json()) as { data: { method: string; path: string }[] };
    // Reads only: the one POST is the chart query, which changes nothing.
    expect(log.data.filter((entry) => entry.method !== 'GET').map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'POST /api/v2/charts/series',
    ]);
    expect(formatDoctorReport(results)).toContain('10 working, 0 outside the contract, 0 failed, 0 not checked');
  });

  it('names each answer outside the contract by JSON path and rule, and each refusal in the upstream words', async () => {
    await control('POST', 'faults', {
      method: 'GET',
      path: 're:/clickpipes$',
      status: 200,
      body: { status: 200, requestId: 'not-a-uuid', result: [{ state: 'Sleeping' }] },
    });
    await control('POST', 'faults', {
      method: 'GET',
      path: '/keys',
      status: 403,
      body: {
        status: 403,
        error: 'FORBIDDEN: the key lacks the admin role',
        requestId: '0b6f9a2e-3c1d-4e5f-8a7b-9c0d1e2f3a4b',
      },
    });
    try {
      const results = await runDoctor({ cloud: config.cloud });
      const pipes = results.find((result) => result.name === 'pipes')!;
      expect(pipes.outcome).toBe('mismatch');
      expect(pipes.problems.map((problem) => problem.path)).toEqual(
        expect.arrayContaining(['/requestId', '/result/0/state']),
      );
      const keys = results.find((result) => result.name === 'API keys')!;
      expect(keys).toMatchObject({
        outcome: 'failed',
        status: 403,
        detail: 'FORBIDDEN: the key lacks the admin role',
        requestId: '0b6f9a2e-3c1d-4e5f-8a7b-9c0d1e2f3a4b',
      });
      const report = formatDoctorReport(results);
      expect(report).toMatch(
        /✗ cloud +pipes .* 200 +requestId not-a-uuid\n {4}answers outside the contract \(\d+ problems\)\n {4}\/requestId  format: must match format "uuid"/,
      );
    } finally {
      await control('DELETE', 'faults');
    }
  });

  it('reports an upstream it cannot reach instead of hanging', async () => {
    const results = await runDoctor({ observability: { baseUrl: 'http://127.0.0.1:9', apiKey: 'x' }, timeoutMs: 2000 });
    expect(results[0]).toMatchObject({ name: 'dashboards', outcome: 'failed' });
    expect(results[0]!.detail).toMatch(/^no answer/);
    expect(results.at(-1)).toMatchObject({ name: 'chart query, last 5 minutes', outcome: 'skipped' });
  });
});
