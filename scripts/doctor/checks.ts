/**
 * `npm run doctor`: read-only calls to the real services the console would make, each answer
 * validated against the vendors' published contract. Nothing upstream changes: every call is a
 * GET, except one chart query (a POST that only reads).
 */
import type { ContractProblem } from '../../lib/contract/validator';
import { checkResponse } from '../../lib/contract/validator';
import type { ContractSurface } from '../../lib/contract/documents';

export interface DoctorConfig {
  cloud?: { baseUrl: string; keyId: string; keySecret: string; organizationId: string; serviceId: string };
  observability?: { baseUrl: string; apiKey: string };
  timeoutMs?: number;
  /** Chart query range end; a test fixes it. */
  now?: number;
}

export type DoctorOutcome = 'ok' | 'mismatch' | 'failed' | 'skipped';

export interface DoctorResult {
  surface: ContractSurface;
  name: string;
  method: string;
  path: string;
  outcome: DoctorOutcome;
  status?: number;
  requestId?: string;
  /** Why it failed or was skipped, in words. */
  detail?: string;
  problems: ContractProblem[];
}

interface Answer {
  status: number;
  body: unknown;
  requestId?: string;
}

async function call(
  url: string,
  method: string,
  authorization: string,
  timeoutMs: number,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(url, {
    method,
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
    headers: {
      authorization,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // A text body (the open-source surface's "Unauthorized") is reported as it is.
  }
  const fromBody =
    typeof parsed === 'object' && parsed !== null ? (parsed as { requestId?: unknown }).requestId : undefined;
  const requestId = typeof fromBody === 'string' ? fromBody : (response.headers.get('x-request-id') ?? undefined);
  return { status: response.status, body: parsed, requestId };
}

function failureText(answer: Answer): string {
  const body = answer.body;
  if (typeof body === 'string') return body.slice(0, 200);
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string') return error;
    if (typeof message === 'string') return message;
  }
  return `status ${answer.status}`;
}

interface Step {
  surface: ContractSurface;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** A refusal that says something about the account rather than the console (no database pipe yet). */
  expectedRefusal?: (answer: Answer) => string | undefined;
}

async function runStep(
  step: Step,
  baseUrl: string,
  authorization: string,
  timeoutMs: number,
): Promise<{ result: DoctorResult; answer?: Answer }> {
  const base = {
    surface: step.surface,
    name: step.name,
    method: step.method,
    path: step.path,
    problems: [] as ContractProblem[],
  };
  let answer: Answer;
  try {
    answer = await call(baseUrl + step.path, step.method, authorization, timeoutMs, step.body);
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? `${error.message}: ${error.cause.message}`
          : error.message
        : String(error);
    return { result: { ...base, outcome: 'failed', detail: `no answer (${reason})` } };
  }
  const { status, requestId } = answer;
  if (status < 200 || status >= 300) {
    const expected = step.expectedRefusal?.(answer);
    return {
      result: {
        ...base,
        status,
        requestId,
        outcome: expected ? 'skipped' : 'failed',
        detail: expected ?? failureText(answer),
      },
      answer,
    };
  }
  const check = checkResponse(step.surface, step.method, step.path, status, answer.body);
  return {
    result: {
      ...base,
      status,
      requestId,
      outcome: check.problems.length ? 'mismatch' : 'ok',
      problems: check.problems,
    },
    answer,
  };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const segment = encodeURIComponent;

export async function runDoctor(config: DoctorConfig): Promise<DoctorResult[]> {
  const timeoutMs = config.timeoutMs ?? 10_000;
  const results: DoctorResult[] = [];

  if (config.cloud) {
    const { baseUrl, keyId, keySecret, organizationId, serviceId } = config.cloud;
    const org = `/v1/organizations/${segment(organizationId)}`;
    const service = `${org}/services/${segment(serviceId)}`;
    const steps: Step[] = [
      { surface: 'cloud', name: 'organization', method: 'GET', path: org },
      { surface: 'cloud', name: 'API keys', method: 'GET', path: `${org}/keys` },
      { surface: 'cloud', name: 'service', method: 'GET', path: service },
      { surface: 'cloud', name: 'pipes', method: 'GET', path: `${service}/clickpipes` },
      {
        surface: 'cloud',
        name: 'database pipe scaling',
        method: 'GET',
        path: `${service}/clickpipesCdcScaling`,
        expectedRefusal: ({ status }) =>
          status === 400 || status === 404 ? 'available once the service has a database (Postgres) pipe' : undefined,
      },
      { surface: 'cloud', name: 'managed dashboards', method: 'GET', path: `${service}/clickstack/dashboards` },
    ];
    for (const step of steps) results.push((await runStep(step, baseUrl, basic(keyId, keySecret), timeoutMs)).result);
  }

  if (config.observability) {
    const { baseUrl, apiKey } = config.observability;
    const bearer = `Bearer ${apiKey}`;
    for (const step of [
      { surface: 'observability', name: 'dashboards', method: 'GET', path: '/api/v2/dashboards' },
      { surface: 'observability', name: 'alerts', method: 'GET', path: '/api/v2/alerts' },
    ] satisfies Step[]) {
      results.push((await runStep(step, baseUrl, bearer, timeoutMs)).result);
    }
    const sources = await runStep(
      { surface: 'observability', name: 'sources', method: 'GET', path: '/api/v2/sources' },
      baseUrl,
      bearer,
      timeoutMs,
    );
    results.push(sources.result);
    const list = (sources.answer?.body as { data?: { id?: unknown }[] } | undefined)?.data;
    const sourceId = Array.isArray(list) ? list.find((source) => typeof source?.id === 'string')?.id : undefined;
    const endTime = Math.floor(config.now ?? Date.now());
    const chart: Step = {
      surface: 'observability',
      name: 'chart query, last 5 minutes',
      method: 'POST',
      path: '/api/v2/charts/series',
      body: {
        startTime: endTime - 5 * 60_000,
        endTime,
        granularity: '1m',
        series: [{ sourceId, aggFn: 'count', where: '', whereLanguage: 'lucene', groupBy: [] }],
      },
    };
    if (typeof sourceId === 'string') results.push((await runStep(chart, baseUrl, bearer, timeoutMs)).result);
    else results.push({ ...chart, outcome: 'skipped', detail: 'no source to query', problems: [] });
  }
  return results;
}
