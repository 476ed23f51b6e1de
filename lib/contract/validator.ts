import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { correctedDocument } from './corrections';
import { toJsonSchemaDialect } from './dialect';
import { contractDocument, type ContractSurface, type OpenApiParameter } from './documents';
import { findOperation, type ContractOperation } from './operations';

/** One way an answer or a request breaks the published contract. */
export interface ContractProblem {
  /** JSON pointer into the body, or `?name` for a query parameter. */
  path: string;
  /** The schema keyword and what it asks for, e.g. `type: must be integer`. */
  rule: string;
}

export interface ContractCheck {
  /** `GET /v1/organizations/{organizationId}/keys`; undefined when no documented operation matches. */
  operation?: string;
  problems: ContractProblem[];
}

const JSON_MEDIA = 'application/json';
const MAX_PROBLEMS = 20;

const validators = new Map<ContractSurface, Ajv2020>();
const compiled = new Map<string, ValidateFunction | null>();

function ajvFor(surface: ContractSurface): Ajv2020 {
  let ajv = validators.get(surface);
  if (!ajv) {
    // Not strict: the documents carry OpenAPI keywords (`example`, `discriminator`, `deprecated`)
    // that are not JSON Schema. `nullable` (OpenAPI 3.0) is one Ajv knows.
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema(correctedDocument(surface, toJsonSchemaDialect(contractDocument(surface))) as object, surface);
    validators.set(surface, ajv);
  }
  return ajv;
}

function pointer(segments: readonly string[]): string {
  return segments.map((segment) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
}

function validatorAt(operation: ContractOperation, segments: readonly string[]): ValidateFunction | undefined {
  const key = `${operation.surface}|${operation.name}|${segments.join('|')}`;
  if (!compiled.has(key)) {
    const ref = `${operation.surface}#/${pointer(['paths', operation.template, operation.method.toLowerCase(), ...segments])}`;
    compiled.set(key, ajvFor(operation.surface).compile({ $ref: ref }));
  }
  return compiled.get(key) ?? undefined;
}

/**
 * A value that fails a `oneOf` of object kinds also fails every other branch: the null branch of a
 * nullable object and the discriminators (`type`, `kind`) of the kinds it is not. Those say
 * nothing the oneOf error does not, so they are left out.
 */
function isBranchNoise(error: ErrorObject, all: readonly ErrorObject[]): boolean {
  if (error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null') return true;
  if (error.keyword !== 'enum' || !/\/(type|kind)$/.test(error.instancePath)) return false;
  const parent = error.instancePath.replace(/\/(type|kind)$/, '');
  return all.some((other) => other.keyword === 'oneOf' && other.instancePath === parent);
}

function describe(errors: readonly ErrorObject[] | null | undefined): ContractProblem[] {
  const seen = new Set<string>();
  const problems: ContractProblem[] = [];
  for (const error of errors ?? []) {
    if (isBranchNoise(error, errors ?? [])) continue;
    const detail =
      error.keyword === 'additionalProperties'
        ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(', ')})`
          : '';
    const problem = {
      path: error.instancePath || '/',
      rule: `${error.keyword}: ${error.message ?? 'invalid'}${detail} at ${error.schemaPath}`,
    };
    const id = `${problem.path} ${problem.rule}`;
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push(problem);
    if (problems.length >= MAX_PROBLEMS) break;
  }
  return problems;
}

function responseKey(operation: ContractOperation, status: number): string | undefined {
  const responses = operation.spec.responses ?? {};
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    if (responses[key]?.content?.[JSON_MEDIA]?.schema) return key;
  }
  return undefined;
}

/** Checks an answer the upstream gave to `method path`, both as they crossed the wire, against the published document. */
export function checkResponse(
  surface: ContractSurface,
  method: string,
  path: string,
  status: number,
  body: unknown,
): ContractCheck {
  const operation = findOperation(surface, method, path);
  if (!operation)
    return { problems: [{ path: '/', rule: `no operation ${method} ${path} in the ${surface} document` }] };
  const key = responseKey(operation, status);
  if (!key) return { operation: operation.name, problems: [] };
  const validate = validatorAt(operation, ['responses', key, 'content', JSON_MEDIA, 'schema']);
  if (!validate || validate(body)) return { operation: operation.name, problems: [] };
  return { operation: operation.name, problems: describe(validate.errors) };
}

function queryValue(raw: string, schema: unknown): unknown {
  const type = (schema as { type?: unknown } | undefined)?.type;
  if ((type === 'integer' || type === 'number') && raw.trim() !== '' && Number.isFinite(Number(raw)))
    return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

function checkQuery(operation: ContractOperation, query: URLSearchParams): ContractProblem[] {
  const declared = (operation.spec.parameters ?? []).filter(
    (parameter): parameter is OpenApiParameter => parameter.in === 'query',
  );
  const problems: ContractProblem[] = [];
  for (const name of new Set(query.keys())) {
    if (!declared.some((parameter) => parameter.name === name))
      problems.push({ path: `?${name}`, rule: 'not a query parameter of the operation' });
  }
  declared.forEach((parameter) => {
    const raw = query.get(parameter.name);
    if (raw === null) {
      if (parameter.required) problems.push({ path: `?${parameter.name}`, rule: 'required: the parameter is missing' });
      return;
    }
    const index = (operation.spec.parameters ?? []).indexOf(parameter);
    const validate = validatorAt(operation, ['parameters', String(index), 'schema']);
    if (validate && !validate(queryValue(raw, parameter.schema))) {
      problems.push(
        ...describe(validate.errors).map((problem) => ({ path: `?${parameter.name}`, rule: problem.rule })),
      );
    }
  });
  return problems;
}

/** Checks a request as the console sends it on the wire (query string allowed). */
export function checkRequest(surface: ContractSurface, method: string, path: string, body: unknown): ContractCheck {
  const operation = findOperation(surface, method, path);
  if (!operation)
    return {
      problems: [{ path: '/', rule: `no operation ${method} ${path.split('?')[0]} in the ${surface} document` }],
    };
  const problems = checkQuery(operation, new URLSearchParams(path.split('?')[1] ?? ''));
  const bodySchema = operation.spec.requestBody?.content?.[JSON_MEDIA]?.schema;
  if (body !== undefined && !bodySchema) {
    problems.push({ path: '/', rule: 'the operation takes no JSON body' });
  } else if (bodySchema) {
    const validate = validatorAt(operation, ['requestBody', 'content', JSON_MEDIA, 'schema']);
    if (validate && !validate(body)) problems.push(...describe(validate.errors));
  }
  return { operation: operation.name, problems };
}

/** `GET /v1/…: /result/0/usedAt type: must be string at …; …` — one line a test or a log can carry. */
export function formatCheck(check: ContractCheck): string {
  return `${check.operation ?? 'unknown operation'}: ${check.problems.map((problem) => `${problem.path} ${problem.rule}`).join('; ')}`;
}
