import 'server-only';
import { z } from 'zod';
import { resolveSessionSecret } from '@/lib/local/session-secret';
import { uuidSchema } from '@/lib/schemas/ids';
import { baseUrlSchema } from './base-url';
import { ApiError } from './errors';
import { envText, envValue, processEnv } from './env-schema';

/** The two surfaces of the published documents, and the service query host (SQL on a service's own tables). */
export type UpstreamName = 'cloud' | 'observability' | 'query';
export type SurfaceName = Exclude<UpstreamName, 'query'>;
export type UpstreamMode = 'emulator' | 'remote';

/** How messages name each upstream. */
export const UPSTREAM_LABEL: Record<UpstreamName, string> = {
  cloud: 'cloud API',
  observability: 'observability API',
  query: "service's query endpoint",
};

/**
 * Every variable is read here, through the reading half in env-schema.ts (which tools outside Next
 * load too): server modules import these instead of reading the process environment themselves.
 */
export {
  durationFromEnv,
  envText,
  envValue,
  processEnv,
  wholeNumberFromEnv,
  type DurationVariable,
  type Environment,
  type EnvVariable,
} from './env-schema';

export interface UpstreamConfig {
  name: UpstreamName;
  /** Base URL without a trailing slash. */
  baseUrl: string;
  /** Ready-made `Authorization` header value; never logged nor sent to the browser. */
  authorization: string;
  mode: UpstreamMode;
}

const requiredText = (what: string) =>
  z
    .string({ error: `is not set (${what})` })
    .trim()
    .min(1, `is empty (${what})`);

const cloudSchema = z.object({
  CLOUD_API_URL: baseUrlSchema,
  CLOUD_API_KEY_ID: requiredText('key id of an organization API key'),
  CLOUD_API_KEY_SECRET: requiredText('key secret of an organization API key'),
});

const observabilitySchema = z.object({
  OBSERVABILITY_API_URL: baseUrlSchema,
  OBSERVABILITY_API_KEY: requiredText('personal API access key'),
});

const contextSchema = z.object({
  CLOUD_ORGANIZATION_ID: uuidSchema,
  CLOUD_SERVICE_ID: uuidSchema,
});

const URL_VARIABLE: Record<UpstreamName, string> = {
  cloud: 'CLOUD_API_URL',
  observability: 'OBSERVABILITY_API_URL',
  query: 'QUERY_API_URL',
};

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ');
}

function notConfigured(name: UpstreamName, detail: string): ApiError {
  const hint =
    `The ${name} API is not configured: ${detail}. Start the console with \`npm start\` to use the embedded emulator, ` +
    `or set ${URL_VARIABLE[name]} and its key variables.`;
  return new ApiError(503, 'UPSTREAM_NOT_CONFIGURED', hint);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * `SLUICE_EMULATED` (e.g. `cloud,observability`) names the surfaces the start script pointed at
 * its embedded emulator. Without it, a loopback URL on the emulator's ports counts as the emulator.
 */
function modeOf(name: UpstreamName, baseUrl: string): UpstreamMode {
  const declared = envText('SLUICE_EMULATED');
  if (declared !== undefined) {
    return declared
      .split(',')
      .map((s) => s.trim())
      .includes(name)
      ? 'emulator'
      : 'remote';
  }
  const url = new URL(baseUrl);
  const firstPort = Number(envValue('EMULATOR_PORT')) || 4010;
  const port = Number(url.port);
  return LOOPBACK.has(url.hostname) && port >= firstPort && port < firstPort + 10 ? 'emulator' : 'remote';
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: ApiError };

function settle<T>(build: () => T): Settled<T> {
  try {
    return { ok: true, value: build() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
}

function unwrap<T>(settled: Settled<T>): T {
  if (!settled.ok) throw settled.error;
  return settled.value;
}

// Each piece is parsed on first use and kept: a request pays for a property read, not a parse.
let cloud: Settled<UpstreamConfig> | undefined;
let observability: Settled<UpstreamConfig> | undefined;
let query: Settled<UpstreamConfig> | undefined;
let context: Settled<{ organizationId: string; serviceId: string }> | undefined;
let sessionSecretValue: Settled<string> | undefined;

export function cloudConfig(): UpstreamConfig {
  cloud ??= settle(() => {
    const parsed = cloudSchema.safeParse(processEnv());
    if (!parsed.success) throw notConfigured('cloud', describeIssues(parsed.error));
    const { CLOUD_API_URL, CLOUD_API_KEY_ID, CLOUD_API_KEY_SECRET } = parsed.data;
    const basic = Buffer.from(`${CLOUD_API_KEY_ID}:${CLOUD_API_KEY_SECRET}`).toString('base64');
    return {
      name: 'cloud',
      baseUrl: CLOUD_API_URL,
      authorization: `Basic ${basic}`,
      mode: modeOf('cloud', CLOUD_API_URL),
    };
  });
  return unwrap(cloud);
}

export function observabilityConfig(): UpstreamConfig {
  observability ??= settle(() => {
    const parsed = observabilitySchema.safeParse(processEnv());
    if (!parsed.success) throw notConfigured('observability', describeIssues(parsed.error));
    const { OBSERVABILITY_API_URL, OBSERVABILITY_API_KEY } = parsed.data;
    return {
      name: 'observability',
      baseUrl: OBSERVABILITY_API_URL,
      authorization: `Bearer ${OBSERVABILITY_API_KEY}`,
      mode: modeOf('observability', OBSERVABILITY_API_URL),
    };
  });
  return unwrap(observability);
}

/**
 * The vendor's query host takes the management API's host with `api.` (and a `control-plane.`
 * label) swapped for `queries.`: `https://api.clickhouse.cloud` → `https://queries.clickhouse.cloud`,
 * as the vendor's own CLI derives it. Undefined for a base URL of another shape.
 */
export function derivedQueryHost(cloudBaseUrl: string): string | undefined {
  const url = new URL(cloudBaseUrl);
  if (!url.hostname.startsWith('api.')) return undefined;
  const rest = url.hostname.slice('api.'.length).replace(/^control-plane\./, '');
  return `${url.protocol}//queries.${rest}${url.port ? `:${url.port}` : ''}`;
}

/**
 * The service query host, with the cloud key's credentials: `QUERY_API_URL` when set; with the cloud
 * surface emulated, the emulator (which serves it on the cloud port); otherwise derived from
 * `CLOUD_API_URL`.
 */
export function queryConfig(): UpstreamConfig {
  query ??= settle(() => {
    const cloudUpstream = cloudConfig();
    const explicit = envText('QUERY_API_URL');
    let baseUrl: string | undefined;
    if (explicit) {
      const parsed = baseUrlSchema.safeParse(explicit);
      if (!parsed.success) throw notConfigured('query', `QUERY_API_URL ${describeIssues(parsed.error).trim()}`);
      baseUrl = parsed.data;
    } else {
      baseUrl = cloudUpstream.mode === 'emulator' ? cloudUpstream.baseUrl : derivedQueryHost(cloudUpstream.baseUrl);
    }
    if (!baseUrl) throw notConfigured('query', 'QUERY_API_URL is not set and cannot be derived from CLOUD_API_URL');
    return {
      name: 'query',
      baseUrl,
      authorization: cloudUpstream.authorization,
      mode: explicit ? modeOf('query', baseUrl) : cloudUpstream.mode,
    };
  });
  return unwrap(query);
}

/** The organization and default service the console manages, for building BFF URLs in pages. */
export function consoleContext(): { organizationId: string; serviceId: string } {
  context ??= settle(() => {
    const parsed = contextSchema.safeParse(processEnv());
    if (!parsed.success) {
      throw new ApiError(
        503,
        'UPSTREAM_NOT_CONFIGURED',
        `The console does not know which organization and service to manage: ${describeIssues(parsed.error)}. ` +
          'Set CLOUD_ORGANIZATION_ID and CLOUD_SERVICE_ID, or start the console with `npm start`.',
      );
    }
    return { organizationId: parsed.data.CLOUD_ORGANIZATION_ID, serviceId: parsed.data.CLOUD_SERVICE_ID };
  });
  return unwrap(context);
}

export function sessionSecret(): string {
  sessionSecretValue ??= settle(() => {
    try {
      return resolveSessionSecret();
    } catch (error) {
      throw new ApiError(503, 'SESSION_NOT_CONFIGURED', error instanceof Error ? error.message : 'No session secret', {
        cause: error,
      });
    }
  });
  return unwrap(sessionSecretValue);
}

/** Tests change the environment between cases. */
export function resetEnvCache(): void {
  cloud = undefined;
  observability = undefined;
  query = undefined;
  context = undefined;
  sessionSecretValue = undefined;
}
