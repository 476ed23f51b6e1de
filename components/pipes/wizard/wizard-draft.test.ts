import { describe, expect, it } from 'vitest';
import { curlCommand, maskSecrets, MASK, requestOnTheWire } from './request-preview';
import { parseDraft, serializeDraft, withoutSecrets } from './wizard-draft';
import { stepOwning, stepsFor } from './wizard-steps';
import { emptyWizardValues } from './wizard-values';

describe('wizard draft', () => {
  it('never stores a secret and remembers which ones must be entered again', () => {
    const values = emptyWizardValues();
    values.kind = 'kafka';
    values.name = 'Orders';
    values.source.kafka.credentials.password = 'hunter2';
    values.source.kafka.credentials.username = 'app';
    values.source.objectStorage.accessKey.secretKey = 'aws-secret';
    values.source.postgres.credentials.password = '';
    const text = serializeDraft('connection', values);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('aws-secret');
    const draft = parseDraft(text);
    expect(draft?.step).toBe('connection');
    expect(draft?.values.name).toBe('Orders');
    expect(draft?.values.source.kafka.credentials).toMatchObject({ username: 'app', password: '' });
    expect(draft?.clearedSecrets).toEqual([
      'source.kafka.credentials.password',
      'source.objectStorage.accessKey.secretKey',
    ]);
  });

  it('drops secrets a tampered draft holds and fills missing fields from the defaults', () => {
    const draft = parseDraft(
      JSON.stringify({
        version: 1,
        step: 'nope',
        values: { kind: 'ftp', name: 'x', source: { kafka: { credentials: { password: 'leak' } } } },
      }),
    );
    expect(draft?.step).toBe('kind');
    expect(draft?.values.kind).toBe('');
    expect(draft?.values.source.kafka.credentials.password).toBe('');
    expect(draft?.values.source.kafka.brokers).toBe('');
    expect(draft?.values.destination.columns).toHaveLength(1);
  });

  it('ignores storage that is not a draft', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{')).toBeNull();
    expect(parseDraft('{"version":0,"values":{}}')).toBeNull();
  });

  it('lists the secrets it cleared by form path', () => {
    const values = emptyWizardValues();
    values.source.postgres.credentials.password = 'p';
    expect(withoutSecrets(values).cleared).toEqual(['source.postgres.credentials.password']);
  });
});

describe('request preview', () => {
  const body = {
    name: 'p',
    source: { kafka: { credentials: { username: 'u', password: 'secret-1' } } },
    tableMappings: [{ privateKey: 'k' }],
  };

  it('masks every secret in the JSON', () => {
    expect(maskSecrets(body)).toEqual({
      name: 'p',
      source: { kafka: { credentials: { username: 'u', password: MASK } } },
      tableMappings: [{ privateKey: MASK }],
    });
  });

  it('builds a curl command with placeholders instead of secrets', () => {
    const command = curlCommand(body, 'org-1', 'svc-1');
    expect(command).toContain('"$CLOUD_API_URL/v1/organizations/org-1/services/svc-1/clickpipes"');
    expect(command).toContain('-u "$CLOUD_API_KEY_ID:$CLOUD_API_KEY_SECRET"');
    expect(command).toContain('"password": "<PASSWORD>"');
    expect(command).toContain('"privateKey": "<PRIVATE_KEY>"');
    expect(command).not.toContain('secret-1');
  });

  it("shows the request in the cloud API's own names, as it crosses the wire", () => {
    const stream = {
      name: 'p',
      source: { streamService: { format: 'AvroRegistry', accessKey: { accessKeyId: 'a', secretKey: 's' } } },
    };
    expect(requestOnTheWire(stream)).toEqual({
      name: 'p',
      source: { kinesis: { format: 'AvroConfluent', accessKey: { accessKeyId: 'a', secretKey: 's' } } },
    });
    const command = curlCommand(stream, 'org-1', 'svc-1');
    expect(command).toContain('"kinesis"');
    expect(command).not.toContain('streamService');
    expect(command).toContain('"secretKey": "<SECRET_KEY>"');
  });
});

describe('wizard steps', () => {
  it('skips the field mappings of a Postgres pipe', () => {
    expect(stepsFor('postgres').map((s) => s.id)).not.toContain('mappings');
    expect(stepsFor('kafka').map((s) => s.id)).toContain('mappings');
  });

  it('finds the step that owns a field path', () => {
    expect(stepOwning('source.postgres.tableMappings.1.targetTable', 'postgres')).toBe('connection');
    expect(stepOwning('fieldMappings.0.sourceField', 'kafka')).toBe('mappings');
    expect(stepOwning('settings.streaming_max_insert_wait_ms', 'kafka')).toBe('tuning');
    expect(stepOwning('name', 'kafka')).toBe('kind');
    expect(stepOwning('unknown', 'kafka')).toBe('review');
  });
});
