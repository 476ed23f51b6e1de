import {
  KAFKA_TYPE_LABELS,
  OBJECT_STORAGE_TYPE_LABELS,
  PIPE_KIND_LABELS,
  type PipeKind,
} from '@/lib/schemas/pipes/bounds';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { otherSourceKeys, sourceKindOf } from '@/lib/schemas/pipes/source-kind';

export function pipeKindOf(pipe: PipeRecord): PipeKind | undefined {
  return sourceKindOf(pipe.source);
}

export function pipeKindLabel(pipe: PipeRecord): string {
  const kind = pipeKindOf(pipe);
  if (kind) return PIPE_KIND_LABELS[kind];
  const [other] = otherSourceKeys(pipe.source);
  return other ? `Other source (${other})` : 'Unknown';
}

/** The source as a person names it: the broker or store vendor where the kind has several. */
export function pipeSourceLabel(pipe: PipeRecord): string {
  const kafkaType = pipe.source.kafka?.type;
  if (kafkaType) return KAFKA_TYPE_LABELS[kafkaType] ?? kafkaType;
  const storeType = pipe.source.objectStorage?.type;
  if (storeType) return OBJECT_STORAGE_TYPE_LABELS[storeType] ?? storeType;
  return pipeKindLabel(pipe);
}

/** A Postgres pipe writes one table per mapping; the others write `destination.table`. */
export function pipeDestinationSummary(pipe: PipeRecord): string {
  const mappings = pipe.source.postgres?.tableMappings;
  if (mappings) return mappings.length === 1 ? '1 table' : `${mappings.length} tables`;
  return pipe.destination.table ?? '—';
}
