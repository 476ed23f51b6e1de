import type { ContractSurface, OpenApiDocument } from './documents';

/**
 * Rules of the published documents that no body can meet. The checks apply these corrections to
 * the loaded document instead of bending the console; each one is named in the README, and a test
 * asserts that the defect is still in the document (so a fixed document retires its correction).
 */
export interface ContractCorrection {
  surface: ContractSurface;
  /** JSON pointer segments to the schema the correction changes. */
  at: readonly string[];
  defect: string;
  correction: string;
  /** True while the document still has the defect. */
  present: (schema: Record<string, unknown>) => boolean;
  apply: (schema: Record<string, unknown>) => void;
}

/** Creation and update of a Kafka pipe share the defect. */
const kafkaCredentials = (schemaName: string): ContractCorrection => ({
  surface: 'cloud',
  at: ['components', 'schemas', schemaName, 'properties', 'credentials'],
  defect:
    'Kafka `credentials` is a oneOf of PLAIN, MskIamUser, AzureEventHub and MutualTLS objects without required properties, so every credentials object matches several branches and the oneOf never holds',
  correction: 'validated as anyOf (at least one branch)',
  present: (schema) => Array.isArray(schema.oneOf),
  apply: (schema) => {
    schema.anyOf = schema.oneOf;
    delete schema.oneOf;
  },
});

export const CONTRACT_CORRECTIONS: readonly ContractCorrection[] = [
  kafkaCredentials('ClickPipePostKafkaSource'),
  kafkaCredentials('ClickPipePatchKafkaSource'),
  {
    surface: 'cloud',
    at: ['components', 'schemas', 'ClickPipeObjectStorageSource', 'properties', 'compression'],
    defect:
      'object-store `compression` is typed `["string", "null"]` but its enum has no `null`, so the null the type allows is refused',
    correction: '`null` added to the enum',
    present: (schema) => Array.isArray(schema.enum) && !schema.enum.includes(null),
    apply: (schema) => {
      (schema.enum as unknown[]).push(null);
    },
  },
];

export function schemaAt(document: OpenApiDocument, at: readonly string[]): Record<string, unknown> | undefined {
  let current: unknown = document;
  for (const segment of at) current = (current as Record<string, unknown> | undefined)?.[segment];
  return current && typeof current === 'object' ? (current as Record<string, unknown>) : undefined;
}

/** A copy of the document with the corrections that still apply. */
export function correctedDocument(surface: ContractSurface, document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  for (const correction of CONTRACT_CORRECTIONS) {
    if (correction.surface !== surface) continue;
    const schema = schemaAt(copy, correction.at);
    if (schema && correction.present(schema)) correction.apply(schema);
  }
  return copy;
}
