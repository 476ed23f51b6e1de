import type { OpenApiDocument } from './documents';

/**
 * OpenAPI 3.0 writes "may be null" as `nullable: true`, also beside a `$ref` or without a `type`,
 * where JSON Schema 2020-12 (and Ajv) need an explicit null branch. 3.1 documents are already
 * JSON Schema and pass through unchanged.
 */
export function toJsonSchemaDialect(document: OpenApiDocument): OpenApiDocument {
  if (!document.openapi.startsWith('3.0')) return document;
  return rewrite(document) as OpenApiDocument;
}

function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) copy[key] = rewrite(item);
  if (copy.nullable === true && copy.type === undefined) {
    const { nullable: _nullable, description, ...schema } = copy;
    return { ...(description === undefined ? {} : { description }), anyOf: [schema, { type: 'null' }] };
  }
  return copy;
}
