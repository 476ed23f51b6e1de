import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
let directory = '';

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'emulator-record-'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(directory, { recursive: true, force: true });
});

const recorded = () =>
  readFileSync(path.join(directory, `emulator-${process.pid}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);

describe('recording the requests the vendor surfaces receive (SLUICE_EMULATOR_RECORD_DIR)', () => {
  it('appends one line per cloud or observability request, with its query and parsed body, and none for control routes', async () => {
    vi.stubEnv('SLUICE_EMULATOR_RECORD_DIR', directory);
    await t.control('GET', '/health');
    await t.cloud('GET', `${t.service}/prometheus?filtered_metrics=true`);
    await t.cloud('POST', `${t.org}/keys`, { body: { name: 'recorded', roles: ['developer'] } });
    await t.oss('GET', '/api/v2/sources');
    await t.control('POST', '/faults', { path: '/api/v2/dashboards', status: 503, times: 1 });
    await t.oss('POST', '/api/v2/dashboards', { body: { name: 'refused by a fault' } });
    await t.cloud('POST', `${t.org}/keys`, { rawBody: '{not json' });

    expect(readdirSync(directory)).toEqual([`emulator-${process.pid}.jsonl`]);
    expect(recorded()).toEqual([
      { surface: 'cloud', method: 'GET', path: `${t.service}/prometheus?filtered_metrics=true` },
      { surface: 'cloud', method: 'POST', path: `${t.org}/keys`, body: { name: 'recorded', roles: ['developer'] } },
      { surface: 'observability', method: 'GET', path: '/api/v2/sources' },
      { surface: 'observability', method: 'POST', path: '/api/v2/dashboards', body: { name: 'refused by a fault' } },
      { surface: 'cloud', method: 'POST', path: `${t.org}/keys` },
    ]);
  });

  it('writes nothing without the variable', async () => {
    vi.stubEnv('SLUICE_EMULATOR_RECORD_DIR', '');
    await t.cloud('GET', t.org);
    expect(readdirSync(directory)).toEqual([]);
  });
});
