import { bad, isRec, objectAt, optionalBoolean, requiredString, type SourceOptions } from './validate-common';
import { parseKafkaSource, patchKafkaSource } from './validate-kafka';
import { parseObjectStorageSource } from './validate-object-storage';
import { parsePostgresSource } from './validate-postgres';
import { parseKinesisSource } from './validate-kinesis';
import { parseColumns, parseDestination, parseFieldMappings, type Column } from './validate-target';
import { parseScaling, parseSettings } from './validate-tuning';
import {
  kindOf,
  SOURCE_KINDS,
  type FieldMapping,
  type Pipe,
  type PipeScaling,
  type PipeSource,
  type Rec,
  type SourceKind,
} from './types';

type SourceParser = (value: unknown, options: SourceOptions) => Rec;
const PARSERS: Record<SourceKind, SourceParser> = {
  kafka: parseKafkaSource,
  kinesis: parseKinesisSource,
  objectStorage: parseObjectStorageSource,
  postgres: parsePostgresSource,
};

export interface PipeInput {
  name: string;
  kind: SourceKind;
  source: PipeSource;
  destination: Rec;
  fieldMappings: FieldMapping[];
  scaling: PipeScaling;
  settings: Rec;
}

export function emptySource(): PipeSource {
  return { kafka: null, kinesis: null, objectStorage: null, postgres: null };
}

function parseSource(value: unknown): { kind: SourceKind; source: PipeSource } {
  const body = objectAt(value, 'source');
  const present = SOURCE_KINDS.filter((kind) => body[kind] !== null && body[kind] !== undefined);
  if (present.length !== 1) throw bad(`source must contain exactly one of ${SOURCE_KINDS.join(', ')}`);
  optionalBoolean(body.validateSamples, 'source.validateSamples');
  const kind = present[0]!;
  const source = emptySource();
  source[kind] = PARSERS[kind](body[kind], { requireSecrets: true });
  return { kind, source };
}

function columnsOf(destination: Rec): Column[] | null {
  return Array.isArray(destination.columns) ? (destination.columns as Column[]) : null;
}

/** The creation request, checked in body order: name, source, destination, fieldMappings, scaling, settings. */
export function parseCreate(body: Rec): PipeInput {
  const name = requiredString(body.name, 'name');
  const { kind, source } = parseSource(body.source);
  const destination = parseDestination(body.destination, kind);
  const fieldMappings = parseFieldMappings(body.fieldMappings, columnsOf(destination));
  return {
    name,
    kind,
    source,
    destination,
    fieldMappings,
    scaling: parseScaling(body.scaling, kind, 'scaling'),
    settings: parseSettings(body.settings, 'settings'),
  };
}

export const PATCH_FIELDS = ['name', 'source', 'destination', 'fieldMappings', 'settings'] as const;

function patchKafka(pipe: Pipe, body: Rec): Partial<Pipe> {
  for (const field of Object.keys(body)) {
    if (field !== 'source') throw bad(`${field} cannot be changed on a Kafka pipe; delete and recreate the pipe`);
  }
  if (body.source === undefined) return {};
  const source = objectAt(body.source, 'source');
  for (const key of Object.keys(source)) {
    if (key !== 'kafka' && key !== 'validateSamples')
      throw bad(`source.${key} cannot be changed on a Kafka pipe; delete and recreate the pipe`);
  }
  return { source: { ...emptySource(), kafka: patchKafkaSource(pipe.source.kafka ?? {}, source.kafka) } };
}

function patchSource(pipe: Pipe, kind: SourceKind, value: unknown): PipeSource {
  const source = objectAt(value, 'source');
  for (const key of Object.keys(source)) {
    if (key !== kind && key !== 'validateSamples')
      throw bad(`source.${key} does not match the pipe's source ${kind}; delete and recreate the pipe`);
  }
  const patch = objectAt(source[kind], `source.${kind}`);
  const merged = { ...pipe.source[kind], ...patch };
  const requireSecrets = patch.authentication !== undefined || patch.type !== undefined;
  return { ...emptySource(), [kind]: PARSERS[kind](merged, { requireSecrets }) };
}

/** `{name?, source?, destination?: {columns}, fieldMappings?, settings?}`; returns the fields to replace. */
export function parsePatch(pipe: Pipe, body: Rec): Partial<Pipe> {
  const unknown = Object.keys(body).find((field) => !(PATCH_FIELDS as readonly string[]).includes(field));
  if (unknown !== undefined) throw bad(`${unknown} cannot be updated; updatable fields are ${PATCH_FIELDS.join(', ')}`);
  const kind = kindOf(pipe);
  if (kind === 'kafka') return patchKafka(pipe, body);
  const next: Partial<Pipe> = {};
  if (body.name !== undefined) next.name = requiredString(body.name, 'name');
  if (body.source !== undefined) next.source = patchSource(pipe, kind, body.source);
  let columns = columnsOf(pipe.destination);
  if (body.destination !== undefined) {
    const destination = objectAt(body.destination, 'destination');
    const other = Object.keys(destination).find((field) => field !== 'columns');
    if (other !== undefined) throw bad(`destination.${other} cannot be updated; only destination.columns may change`);
    if (kind === 'postgres')
      throw bad('destination.columns cannot be updated on a Postgres pipe; change source.postgres.tableMappings');
    columns = parseColumns(destination.columns);
    next.destination = { ...pipe.destination, columns };
  }
  if (body.fieldMappings !== undefined || body.destination !== undefined) {
    next.fieldMappings = parseFieldMappings(body.fieldMappings ?? pipe.fieldMappings, columns);
  }
  if (body.settings !== undefined) {
    if (!isRec(body.settings)) throw bad('settings must be an object of settings');
    next.settings = { ...pipe.settings, ...parseSettings(body.settings, 'settings') };
  }
  return next;
}
