import {
  absent,
  bad,
  isRec,
  objectAt,
  optionalObject,
  optionalString,
  requiredString,
  stringArray,
} from './validate-common';
import type { FieldMapping, Rec, SourceKind } from './types';

export const ENGINE_TYPES = ['MergeTree', 'ReplacingMergeTree', 'SummingMergeTree', 'Null'] as const;

export interface Column {
  name: string;
  type: string;
}

export function parseColumns(value: unknown, path = 'destination.columns'): Column[] {
  if (!Array.isArray(value) || value.length === 0) throw bad(`${path} is required`);
  const seen = new Set<string>();
  return value.map((item: unknown, i) => {
    const column = objectAt(item, `${path}[${i}]`);
    const name = requiredString(column.name, `${path}[${i}].name`);
    const type = requiredString(column.type, `${path}[${i}].type`);
    if (seen.has(name)) throw bad(`${path}[${i}].name ${name} is a duplicate column name`);
    seen.add(name);
    return { name, type };
  });
}

function checkKnown(names: string[], path: string, columns: Set<string>): void {
  const unknown = names.find((name) => !columns.has(name));
  if (unknown !== undefined) throw bad(`${path} names ${unknown}, which is not a destination column`);
}

function parseEngine(value: unknown, columns: Set<string>): Rec {
  const path = 'destination.tableDefinition.engine';
  const engine = optionalObject(value, path);
  if (!engine) return { type: 'MergeTree' };
  if (absent(engine.type)) throw bad(`${path}.type is required`);
  if (!ENGINE_TYPES.includes(engine.type as (typeof ENGINE_TYPES)[number]))
    throw bad(`${path}.type must be one of ${ENGINE_TYPES.join(', ')}`);
  const type = engine.type as string;
  if (type === 'SummingMergeTree') {
    const columnIds = stringArray(engine.columnIds, `${path}.columnIds`);
    if (columnIds.length === 0) throw bad(`${path}.columnIds is required for SummingMergeTree`);
    checkKnown(columnIds, `${path}.columnIds`, columns);
    return { type, columnIds };
  }
  if (type === 'ReplacingMergeTree') {
    const versionColumnId = optionalString(engine.versionColumnId, `${path}.versionColumnId`);
    if (versionColumnId === null) throw bad(`${path}.versionColumnId is required for ReplacingMergeTree`);
    checkKnown([versionColumnId], `${path}.versionColumnId`, columns);
    return { type, versionColumnId };
  }
  return { type };
}

function parseTableDefinition(value: unknown, columns: Set<string>): Rec | null {
  const path = 'destination.tableDefinition';
  const definition = optionalObject(value, path);
  if (!definition) return null;
  const sortingKey = stringArray(definition.sortingKey, `${path}.sortingKey`);
  checkKnown(sortingKey, `${path}.sortingKey`, columns);
  return {
    engine: parseEngine(definition.engine, columns),
    partitionBy: optionalString(definition.partitionBy, `${path}.partitionBy`),
    primaryKey: optionalString(definition.primaryKey, `${path}.primaryKey`),
    sortingKey,
  };
}

/** The record form: `roles` is accepted (request only) and never stored. */
export function parseDestination(value: unknown, kind: SourceKind): Rec {
  const destination = objectAt(value, 'destination');
  const database = optionalString(destination.database, 'destination.database') ?? 'default';
  stringArray(destination.roles, 'destination.roles');
  if (kind === 'postgres') return { database };
  const table = requiredString(destination.table, 'destination.table');
  if (absent(destination.managedTable)) throw bad('destination.managedTable is required');
  if (typeof destination.managedTable !== 'boolean') throw bad('destination.managedTable must be a boolean');
  const columns = parseColumns(destination.columns);
  const names = new Set(columns.map((c) => c.name));
  return {
    database,
    table,
    managedTable: destination.managedTable,
    columns,
    tableDefinition: parseTableDefinition(destination.tableDefinition, names),
  };
}

/** Each column fed by the source field of its own name. */
export const identityMappings = (columns: readonly { name: string }[]): FieldMapping[] =>
  columns.map((c) => ({ sourceField: c.name, destinationField: c.name }));

/**
 * Every destination column must be mapped; `columns` null (Postgres) accepts any list, absent meaning none.
 * Left out, the mappings are the identity: the vendor's own creation examples leave `fieldMappings` out, and its
 * document says a pipe's mappings include every destination column, so the record holds one per column, same name.
 */
export function parseFieldMappings(value: unknown, columns: Column[] | null): FieldMapping[] {
  const path = 'fieldMappings';
  if (absent(value)) return columns === null ? [] : identityMappings(columns);
  if (!Array.isArray(value)) throw bad(`${path} must be an array of {sourceField, destinationField}`);
  const list = value as unknown[];
  const names = new Set(columns?.map((c) => c.name));
  const mappings = list.map((item, i) => {
    if (!isRec(item)) throw bad(`${path}[${i}] must be an object with sourceField and destinationField`);
    const sourceField = requiredString(item.sourceField, `${path}[${i}].sourceField`);
    const destinationField = requiredString(item.destinationField, `${path}[${i}].destinationField`);
    if (columns && !names.has(destinationField))
      throw bad(`${path}[${i}].destinationField ${destinationField} is not a destination column`);
    return { sourceField, destinationField };
  });
  if (columns) {
    const mapped = new Set(mappings.map((m) => m.destinationField));
    const missing = columns.filter((c) => !mapped.has(c.name)).map((c) => c.name);
    if (missing.length > 0) throw bad(`${path} must map every destination column; missing: ${missing.join(', ')}`);
  }
  return mappings;
}
