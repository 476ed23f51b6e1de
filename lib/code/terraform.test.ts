/** The HCL the console writes: the providers' documented shapes, secrets as variables, an import block, stable bytes, `terraform fmt` layout. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodies, postgres } from '@/lib/schemas/pipes/test-fixtures';
import { parseHclShape, schemaProblems } from '@/test/terraform/hcl-shape';
import { hclString } from './hcl';
import { objectAsCode } from './object-code';
import { pipeAsTerraform } from './terraform-pipe';

const PIPE_ID = '11111111-2222-4333-8444-555555555555';
const SERVICE = '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e';
const record = (body: Record<string, unknown>) => ({
  id: PIPE_ID,
  ...body,
  scaling: { replicas: 2, replicaCpuMillicores: 500, replicaMemoryGb: 1 },
  settings: { engine_max_threads: 4, streaming_max_insert_wait_ms: 1000, object_storage_concurrency: null },
  runState: 'stopped',
});

const pipes = {
  kafka: record(bodies.kafka()),
  streamService: record(
    bodies.streamService({ authentication: 'IAM_USER', accessKey: { accessKeyId: 'AKIA', secretKey: 'shh' } }),
  ),
  objectStorage: record(
    bodies.objectStorage({ authentication: 'IAM_USER', accessKey: { accessKeyId: 'AKIA', secretKey: 'shh' } }),
  ),
  blob: record(bodies.blob()),
  postgres: record({
    ...bodies.postgres(),
    source: { postgres: { ...postgres, settings: { replicationMode: 'cdc' } } },
  }),
};

const dashboard = {
  id: '65f0c0ffee0123456789abcd',
  name: 'API latency ${env}',
  tags: ['api'],
  savedQuery: 'level:"error"',
  tiles: [
    {
      id: 't1',
      name: 'Errors by host',
      x: 0,
      y: 0,
      w: 6,
      h: 4,
      series: [{ type: 'time', aggFn: 'count', where: 'a:"b"', groupBy: ['host'] }],
    },
  ],
  filters: [{ id: 'f1', type: 'QUERY_EXPRESSION', name: 'Env', expression: 'env', source: 's1' }],
  containers: [],
};
const alert = {
  id: '65f0c0ffee0123456789abce',
  name: 'Slow',
  source: 'tile',
  dashboardId: dashboard.id,
  tileId: 't1',
  threshold: 5,
  thresholdType: 'above',
  interval: '5m',
  channel: { type: 'webhook', webhookId: 'w1' },
  channels: [{ type: 'webhook', webhookId: 'w1' }],
  teamId: 'team',
};

const SECRETS = ['"secret"', 'shh', 'AKIA', 'Endpoint=x;Key=y'];

describe('pipes as clickhouse_clickpipe', () => {
  it.each(Object.entries(pipes))(
    '%s: the documented shape, secrets as sensitive variables, an import block by service and pipe id',
    (_kind, pipe) => {
      const text = objectAsCode('pipes', pipe, 'terraform', SERVICE);
      expect(schemaProblems(text)).toEqual([]);
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      const shape = parseHclShape(text);
      const imported = shape.blocks.find((block) => block.type === 'import')!;
      expect(imported.body.attributes.get('id')).toBe(`"${SERVICE}:${PIPE_ID}"`);
      expect(imported.body.attributes.get('to')).toBe(
        'clickhouse_clickpipe.events'.replace('events', shape.blocks.find((b) => b.type === 'resource')!.labels[1]!),
      );
      const variables = shape.blocks.filter((block) => block.type === 'variable');
      for (const variable of variables) expect(variable.body.attributes.get('sensitive')).toBe('true');
      expect(text).toContain('stopped    = true');
    },
  );

  it('writes the real service names: settings prefix and source keys', () => {
    const text = objectAsCode('pipes', pipes.kafka, 'terraform', SERVICE);
    expect(text).toContain('clickhouse_max_threads');
    expect(text).not.toContain('engine_max_threads');
    expect(text).not.toContain('object_storage_concurrency');
    expect(objectAsCode('pipes', pipes.streamService, 'terraform', SERVICE)).toMatch(/kinesis = \{/);
    expect(objectAsCode('pipes', pipes.kafka, 'terraform', SERVICE)).toMatch(
      /username = var\.events_username\n\s+password = var\.events_password/,
    );
  });

  it('leaves the import block out for a pipe not created yet (the wizard)', () => {
    const text = pipeAsTerraform(bodies.kafka(), SERVICE, { adopt: false }).text;
    expect(parseHclShape(text).blocks.map((block) => block.type)).toEqual(['resource', 'variable', 'variable']);
    expect(text).not.toContain('"secret"');
  });
});

describe('dashboards and alerts as clickstack resources', () => {
  it('writes tiles and filters as blocks, escapes template openers, names what the provider cannot hold', () => {
    const text = objectAsCode('dashboards', dashboard, 'terraform', '');
    expect(schemaProblems(text)).toEqual([]);
    expect(text).toMatch(/name +\= "API latency \$\$\{env\}"/);
    expect(text).toContain('left out: containers');
    expect(text).toContain(`id = "${dashboard.id}"`);
    expect(schemaProblems(objectAsCode('managed-dashboards', dashboard, 'terraform', ''))).toEqual([]);
  });

  it('writes an alert with its channel block', () => {
    const text = objectAsCode('alerts', alert, 'terraform', '');
    expect(schemaProblems(text)).toEqual([]);
    expect(
      parseHclShape(text)
        .blocks.find((b) => b.type === 'resource')!
        .body.blocks.map((b) => b.type),
    ).toEqual(['channel']);
    expect(text).toContain('left out: team_id');
  });

  it('catches a shape the provider does not document', () => {
    expect(schemaProblems('resource "clickstack_alert" "a" {\n  thresh = 1\n}\n')).toEqual([
      'thresh is not an attribute of the provider',
      'source is required',
      'threshold is required',
      'threshold_type is required',
      'interval is required',
    ]);
  });
});

describe('stable and formatted', () => {
  it('gives the same bytes for the same object whatever its key order', () => {
    const shuffled = Object.fromEntries(Object.entries(dashboard).reverse());
    expect(objectAsCode('dashboards', shuffled, 'terraform', '')).toBe(
      objectAsCode('dashboards', dashboard, 'terraform', ''),
    );
    expect(objectAsCode('pipes', pipes.kafka, 'json', SERVICE)).toBe(
      objectAsCode('pipes', Object.fromEntries(Object.entries(pipes.kafka).reverse()), 'json', SERVICE),
    );
  });

  it('escapes strings as HCL reads them', () => {
    expect(hclString('a "b" \\ c\n${x} %{y}')).toBe('"a \\"b\\" \\\\ c\\n$${x} %%{y}"');
  });

  const terraform = (() => {
    try {
      execFileSync('terraform', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!terraform)('passes terraform fmt -check (a terraform binary is on this machine)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sluice-tf-'));
    try {
      const files = [
        ...Object.entries(pipes).map(([kind, pipe]) => [
          `${kind}.tf`,
          objectAsCode('pipes', pipe, 'terraform', SERVICE),
        ]),
        ['dashboard.tf', objectAsCode('dashboards', dashboard, 'terraform', '')],
        ['alert.tf', objectAsCode('alerts', alert, 'terraform', '')],
        [
          'empty.tf',
          objectAsCode(
            'pipes',
            { id: PIPE_ID, name: 'empty', source: {}, destination: { database: 'db' }, fieldMappings: [], scaling: {} },
            'terraform',
            SERVICE,
          ),
        ],
      ];
      for (const [name, text] of files) writeFileSync(path.join(dir, name!), text!);
      expect(() =>
        execFileSync('terraform', ['fmt', '-check', '-diff', dir], {
          stdio: 'pipe',
          env: { ...process.env, TF_CLI_CONFIG_FILE: '/dev/null' },
        }),
      ).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
