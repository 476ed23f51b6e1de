import { readFileSync } from 'node:fs';
import path from 'node:path';

export type ContractSurface = 'cloud' | 'observability';

/** The vendors' published documents, copied unchanged into `contract/` so a deployed console has them. */
const FILES: Record<ContractSurface, string> = {
  cloud: 'cloud-openapi.json',
  observability: 'observability-openapi.json',
};

export interface OpenApiOperation {
  operationId?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
  components?: unknown;
}

/** Under the project folder (the console, its scripts and tests all run from it); a literal folder keeps the build from tracing the whole project. */
export function contractFile(surface: ContractSurface): string {
  return path.join(process.cwd(), 'contract', FILES[surface]);
}

const loaded = new Map<ContractSurface, OpenApiDocument>();

export function contractDocument(surface: ContractSurface): OpenApiDocument {
  let document = loaded.get(surface);
  if (!document) {
    document = JSON.parse(readFileSync(contractFile(surface), 'utf8')) as OpenApiDocument;
    loaded.set(surface, document);
  }
  return document;
}
