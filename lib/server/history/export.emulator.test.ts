/** `npm run export`'s core against the in-process emulator: every object once, provider shapes, byte-identical runs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '@/emulator';
import { schemaProblems } from '@/test/terraform/hcl-shape';
import { resetEnvCache } from '../env';
import { configureTestEnvironment, ORG_ID, removeTestDataDirs, SERVICE_ID } from '../test-support';
import { exportOrganization } from './export';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    quiet: true,
    organizationId: ORG_ID,
    serviceId: SERVICE_ID,
    cloudKeyId: 'test-key-id',
    cloudKeySecret: 'test-key-secret',
    observabilityApiKey: 'test-oss-key',
  });
  configureTestEnvironment(emulator.cloudUrl);
  process.env.OBSERVABILITY_API_URL = emulator.observabilityUrl;
  resetEnvCache();
});

afterAll(async () => {
  await emulator.close();
  removeTestDataDirs();
});

describe('exporting the organization', () => {
  it('writes every pipe, dashboard and alert once, in the providers’ shapes, the same bytes each run', async () => {
    const first = await exportOrganization('terraform');
    const kinds = new Set(first.files.map((file) => file.path.split('/')[0]));
    expect([...kinds]).toEqual(expect.arrayContaining(['pipes', 'dashboards', 'alerts']));
    expect(new Set(first.files.map((file) => file.path)).size).toBe(first.files.length);
    for (const file of first.files) expect(schemaProblems(file.text), file.path).toEqual([]);
    const second = await exportOrganization('terraform');
    expect(second.files).toEqual(first.files);
    const json = await exportOrganization('json');
    expect(json.files.map((file) => file.path.replace(/\.json$/, '.tf'))).toEqual(first.files.map((file) => file.path));
    for (const file of json.files) expect(() => JSON.parse(file.text)).not.toThrow();
  });
});
