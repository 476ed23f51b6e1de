import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';
import { kafkaBody, objectStorageBody, pipeClient, type PipeRecord } from './pipe-fixtures';
import { SERVICE_ACCOUNT_KEY, VENDOR_EXAMPLE_SECRETS, VENDOR_EXAMPLES } from './vendor-examples';

const STEP_MS = 20;
const t = emulatorForFile({ stepMs: STEP_MS });
const { pipes, get } = pipeClient(t, STEP_MS);
type Envelope<T> = { status: number; result: T; error: string };
type Body = Record<string, unknown>;
type Pipe = PipeRecord & { fieldMappings: { sourceField: string; destinationField: string }[]; destination: Body };

const create = (body: unknown) => t.cloud<Envelope<Pipe>>('POST', pipes(), { body });
const gcsBody = (store: Body = {}) =>
  objectStorageBody({
    type: 'gcs',
    url: 'gs://bucket/data/*.json',
    authentication: 'SERVICE_ACCOUNT',
    accessKey: undefined,
    serviceAccountKey: SERVICE_ACCOUNT_KEY,
    ...store,
  });

describe("the vendor's documented creation examples", () => {
  it.each(Object.entries(VENDOR_EXAMPLES))(
    'creates the %s example as the real service does, answering no secret',
    async (_kind, body) => {
      const res = await create(body);
      expect(res.status, res.text).toBe(200);
      const stored = await t.cloud('GET', `${pipes()}/${res.body.result.id}`);
      for (const secret of VENDOR_EXAMPLE_SECRETS) {
        expect(res.text).not.toContain(secret);
        expect(stored.text).not.toContain(secret);
      }
    },
  );
});

describe('creation without fieldMappings', () => {
  it('maps each destination column from the source field of its own name', async () => {
    const { fieldMappings: _left, ...body } = kafkaBody();
    const res = await create(body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.fieldMappings).toEqual([
      { sourceField: 'id', destinationField: 'id' },
      { sourceField: 'ts', destinationField: 'ts' },
    ]);
    expect(((await get(res.body.result.id)) as Pipe).fieldMappings).toEqual(res.body.result.fieldMappings);
  });

  it('still refuses a given list that leaves a column out', async () => {
    const res = await create(kafkaBody({}, { fieldMappings: [{ sourceField: 'id', destinationField: 'id' }] }));
    expect([res.status, res.body.error]).toEqual([
      400,
      'BAD_REQUEST: fieldMappings must map every destination column; missing: ts',
    ]);
  });
});

describe('Google Cloud Storage with a service account key', () => {
  it('accepts the key, keeps the method and never answers the key', async () => {
    const res = await create(gcsBody());
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.source.objectStorage).toMatchObject({ type: 'gcs', authentication: 'SERVICE_ACCOUNT' });
    expect(res.body.result.source.objectStorage).not.toHaveProperty('serviceAccountKey');
    const listed = await t.cloud('GET', pipes());
    for (const text of [res.text, listed.text]) expect(text).not.toContain(SERVICE_ACCOUNT_KEY);
    expect(JSON.stringify([...t.emulator.state.pipes.values()].map((p) => p.record))).not.toContain(
      SERVICE_ACCOUNT_KEY,
    );
  });

  it.each([
    [
      'no key',
      gcsBody({ serviceAccountKey: undefined }),
      'source.objectStorage.serviceAccountKey is required for authentication SERVICE_ACCOUNT',
    ],
    [
      'a key that is not base64',
      gcsBody({ serviceAccountKey: '{"type":"service_account"}' }),
      'source.objectStorage.serviceAccountKey must be a base64-encoded service account JSON key',
    ],
    [
      'a base64 key that is not JSON',
      gcsBody({ serviceAccountKey: Buffer.from('not json').toString('base64') }),
      'source.objectStorage.serviceAccountKey must be a base64-encoded service account JSON key',
    ],
    [
      'SERVICE_ACCOUNT on s3',
      gcsBody({ type: 's3' }),
      'source.objectStorage.authentication SERVICE_ACCOUNT is not allowed for type s3',
    ],
    [
      'a key with IAM_USER',
      objectStorageBody({ type: 'gcs', serviceAccountKey: SERVICE_ACCOUNT_KEY }),
      'source.objectStorage.serviceAccountKey is only allowed for authentication SERVICE_ACCOUNT',
    ],
  ])('refuses %s', async (_label, body, message) => {
    const res = await create(body);
    expect([res.status, res.body.error]).toEqual([400, `BAD_REQUEST: ${message}`]);
  });

  it('asks for a key when an update switches a pipe to SERVICE_ACCOUNT', async () => {
    const pipe = (await create(objectStorageBody({ type: 'gcs', url: 'gs://bucket/data/*.json' }))).body.result;
    const path = `${pipes()}/${pipe.id}`;
    const missing = await t.cloud<Envelope<Pipe>>('PATCH', path, {
      body: { source: { objectStorage: { authentication: 'SERVICE_ACCOUNT' } } },
    });
    expect(missing.body.error).toBe(
      'BAD_REQUEST: source.objectStorage.serviceAccountKey is required for authentication SERVICE_ACCOUNT',
    );
    const ok = await t.cloud<Envelope<Pipe>>('PATCH', path, {
      body: {
        source: { objectStorage: { authentication: 'SERVICE_ACCOUNT', serviceAccountKey: SERVICE_ACCOUNT_KEY } },
      },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.source.objectStorage).toMatchObject({ authentication: 'SERVICE_ACCOUNT' });
    expect(ok.text).not.toContain(SERVICE_ACCOUNT_KEY);
  });
});
