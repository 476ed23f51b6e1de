import { describe, expect, it } from 'vitest';
import { TABLE_ENGINES } from './bounds';
import { compactPipeRequest } from './create';
import { pipeSourceSchema, sourceKindOf } from './source';
import { bodies, destination, expectIssue, expectValid, fieldMappings, kafka, postgres } from './test-fixtures';

const withDestination = (over: Record<string, unknown>) => ({
  ...bodies.kafka(),
  destination: { ...destination, ...over },
});
const withDefinition = (tableDefinition: unknown) => withDestination({ tableDefinition });

describe('pipe creation: name and source', () => {
  it('accepts a valid body of every kind, with validateSamples and null keys of the other kinds', () => {
    for (const make of Object.values(bodies)) expectValid(make());
    expectValid({
      ...bodies.kafka(),
      source: { kafka, streamService: null, objectStorage: null, validateSamples: true },
    });
    expectValid({ ...bodies.kafka(), name: 'x'.repeat(255) });
  });

  it.each([
    [{ ...bodies.kafka(), name: '' }, 'name', 'Name is required'],
    [{ ...bodies.kafka(), name: 'x'.repeat(256) }, 'name', 'Name must be at most 255 characters'],
    [{ ...bodies.kafka(), source: {} }, 'source', 'Choose a source: kafka, streamService, objectStorage or postgres'],
    [
      { ...bodies.kafka(), source: undefined },
      'source',
      'Choose a source: kafka, streamService, objectStorage or postgres',
    ],
    [
      { ...bodies.kafka(), source: { kafka: null } },
      'source',
      'Choose a source: kafka, streamService, objectStorage or postgres',
    ],
    [{ ...bodies.kafka(), source: { kafka, postgres } }, 'source', 'Give exactly one source, not kafka and postgres'],
    [{ ...bodies.kafka(), source: { kafka, other: 1 } }, 'source', 'Unrecognized key: "other"'],
    [
      { ...bodies.kafka(), source: { kafka, validateSamples: 'yes' } },
      'source.validateSamples',
      'Validate samples must be true or false',
    ],
    ['pipe', '', 'Pipe details are required'],
  ])('refuses %#', (body, path, message) => {
    expectIssue(body, path, message);
  });

  it('knows the kind of a source', () => {
    expect(sourceKindOf({ postgres: {} })).toBe('postgres');
    expect(sourceKindOf({ kafka: null, objectStorage: {} })).toBe('objectStorage');
    expect(sourceKindOf({ kafka: {}, postgres: {} })).toBeUndefined();
    expect(sourceKindOf('kafka')).toBeUndefined();
  });

  it('checks a source on its own with wire paths', () => {
    expectValid({ kafka }, pipeSourceSchema);
    expectIssue({ kafka: { ...kafka, brokers: '' } }, 'kafka.brokers', 'Brokers are required', pipeSourceSchema);
    expectIssue(
      { streamService: {}, objectStorage: {} },
      '',
      'Give exactly one source, not streamService and objectStorage',
      pipeSourceSchema,
    );
  });
});

describe('pipe creation: destination', () => {
  it('accepts every engine, a valid table definition and roles', () => {
    const engines = {
      SummingMergeTree: { columnIds: ['id'] },
      ReplacingMergeTree: { versionColumnId: 'id' },
    } as Record<string, object>;
    for (const type of TABLE_ENGINES) expectValid(withDefinition({ engine: { type, ...engines[type] } }));
    expectValid(
      withDefinition({
        engine: { type: 'ReplacingMergeTree', versionColumnId: null },
        sortingKey: ['id', 'body'],
        partitionBy: 'toYYYYMM(ts)',
        primaryKey: 'id',
      }),
    );
    expectValid(withDestination({ roles: ['reader', 'custom_role'] }));
  });

  it.each([
    [withDestination({ table: '' }), 'destination.table', 'Table is required'],
    [
      withDestination({ managedTable: undefined }),
      'destination.managedTable',
      'Choose whether the pipe manages the table',
    ],
    [withDestination({ database: '' }), 'destination.database', 'Database is required'],
    [withDestination({ columns: undefined }), 'destination.columns', 'Add at least one column'],
    [withDestination({ columns: [] }), 'destination.columns', 'Add at least one column'],
    [withDestination({ columns: [{ name: 'id', type: '' }] }), 'destination.columns.0.type', 'Column type is required'],
    [
      withDestination({
        columns: [
          { name: 'id', type: 'UInt64' },
          { name: 'id', type: 'String' },
        ],
      }),
      'destination.columns.1.name',
      'Column id is listed more than once',
    ],
    [
      withDefinition({ engine: { type: 'Log' } }),
      'destination.tableDefinition.engine.type',
      'Engine must be MergeTree, ReplacingMergeTree, SummingMergeTree or Null',
    ],
    [
      withDefinition({ engine: { type: 'SummingMergeTree' } }),
      'destination.tableDefinition.engine.columnIds',
      'Choose at least one column to sum',
    ],
    [
      withDefinition({ engine: { type: 'SummingMergeTree', columnIds: [] } }),
      'destination.tableDefinition.engine.columnIds',
      'Choose at least one column to sum',
    ],
    [
      withDefinition({ engine: { type: 'SummingMergeTree', columnIds: ['id', 'total'] } }),
      'destination.tableDefinition.engine.columnIds.1',
      'Column to sum total is not a destination column',
    ],
    [
      withDefinition({ engine: { type: 'ReplacingMergeTree', versionColumnId: 'version' } }),
      'destination.tableDefinition.engine.versionColumnId',
      'Version column version is not a destination column',
    ],
    [
      withDefinition({ engine: { type: 'MergeTree' }, sortingKey: ['ts'] }),
      'destination.tableDefinition.sortingKey.0',
      'Sorting key column ts is not a destination column',
    ],
    [withDestination({ roles: [''] }), 'destination.roles.0', 'Role is required'],
  ])('refuses %#', (body, path, message) => {
    expectIssue(body, path, message);
  });
});

describe('pipe creation: field mappings', () => {
  it('needs every destination column mapped and names the missing ones', () => {
    expectIssue(
      { ...bodies.kafka(), fieldMappings: [] },
      'fieldMappings',
      'Map every destination column; missing: id, body',
    );
    expectIssue(
      { ...bodies.kafka(), fieldMappings: undefined },
      'fieldMappings',
      'Map every destination column; missing: id, body',
    );
    expectIssue(
      { ...bodies.objectStorage(), fieldMappings: fieldMappings.slice(1) },
      'fieldMappings',
      'Map every destination column; missing: id',
    );
  });

  it('refuses a mapping to an unknown column or with empty fields', () => {
    const extra = [...fieldMappings, { sourceField: 'x', destinationField: 'nope' }];
    expectIssue(
      { ...bodies.streamService(), fieldMappings: extra },
      'fieldMappings.2.destinationField',
      'nope is not a destination column',
    );
    expectIssue(
      { ...bodies.kafka(), fieldMappings: [{ sourceField: '', destinationField: 'id' }] },
      'fieldMappings.0.sourceField',
      'Source field is required',
    );
  });
});

describe('compactPipeRequest', () => {
  it('omits empty optional settings and scaling fields, and maps left empty', () => {
    const body = {
      ...bodies.kafka(),
      scaling: { replicaCpuMillicores: 500, replicaMemoryGb: '', replicas: null, concurrency: undefined },
      settings: {
        engine_max_threads: 0,
        engine_parallel_view_processing: false,
        streaming_max_insert_wait_ms: '',
        engine_max_insert_threads: null,
      },
    };
    const compacted = compactPipeRequest(body);
    expect(compacted.scaling).toEqual({ replicaCpuMillicores: 500 });
    expect(compacted.settings).toEqual({ engine_max_threads: 0, engine_parallel_view_processing: false });
    expect(compacted.source).toBe(body.source);
    expect(Object.keys(compactPipeRequest({ ...body, scaling: { replicas: '' }, settings: {} }))).not.toContain(
      'scaling',
    );
    expect(Object.keys(compactPipeRequest({ ...body, scaling: null, settings: {} }))).not.toContain('settings');
    expect(Object.keys(compactPipeRequest({ ...body, scaling: null }))).not.toContain('scaling');
    expectValid(compacted);
  });

  it('does not change the input', () => {
    const body = { ...bodies.kafka(), scaling: { replicas: null } };
    compactPipeRequest(body);
    expect(body.scaling).toEqual({ replicas: null });
  });
});
