import { z } from 'zod';
import { SESSION_SECRET_MIN_LENGTH } from '../local/session-secret';
import { PASSWORD_MIN_LENGTH } from '../local/passwords';
import { uuidSchema } from '../schemas/ids';
import { baseUrlSchema } from './base-url';
import { databaseTarget, type Environment } from './db/config';
import { checkSignInSettings } from './oidc/settings';
import { MAX_RETENTION_DAYS } from '../pipes/history/retention';
import { RedisStore } from './shared-state/redis-store';
import { trustFromEnv } from './trusted-proxies';
import { BUDGET_VARIABLE, parseBudget, REAL_BUDGETS } from './upstream/budget';

/**
 * Every variable the console reads, checked in one place: `npm start`, the standalone server and
 * `npm run config:check` refuse a malformed one before anything starts, one line per variable,
 * instead of a request failing with it hours later. No `server-only` here: the start script and
 * the standalone server run it outside Next.
 */
export interface ConfigProblem {
  variable: string;
  /** A sentence that starts with the variable's name. */
  message: string;
}

export const DEFAULT_SHUTDOWN_GRACE_MS = 25_000;

/**
 * Variables that carry secrets: never handed to `next build` (nothing secret can be inlined), and
 * in the Helm chart only ever references to a Kubernetes Secret.
 */
export const SECRET_VARIABLES = [
  'CLOUD_API_KEY_ID',
  'CLOUD_API_KEY_SECRET',
  'OBSERVABILITY_API_KEY',
  'SESSION_SECRET',
  'CONSOLE_ADMIN_PASSWORD',
  'DATABASE_URL',
  'REDIS_URL',
  'METRICS_TOKEN',
  'OIDC_CLIENT_SECRET',
  'SMTP_URL',
  'SLUICE_ENCRYPTION_KEY',
] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const shown = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}…` : value);

const integerText = (min: number, max: number, what: string) =>
  z.string().refine((value) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max, {
    error: (issue) => `must be ${what}, got ${shown(String(issue.input))}`,
  });

const milliseconds = (min = 0) => integerText(min, 86_400_000, min > 0 ? `a whole number of milliseconds, at least ${min}` : 'a whole number of milliseconds');

const choice = (values: readonly string[]) =>
  z.string().refine((value) => values.includes(value.trim()), {
    error: (issue) => `must be one of ${values.join(', ')}, got ${shown(String(issue.input))}`,
  });

const redisUrl = z.string().refine(
  (value) => {
    try {
      return ['redis:', 'rediss:'].includes(new URL(value.trim()).protocol);
    } catch {
      return false;
    }
  },
  { error: 'must be a redis:// or rediss:// URL, e.g. redis://redis.internal:6379' },
);

const uuid = z.string().refine((value) => uuidSchema.safeParse(value.trim()).success, {
  error: (issue) => `must be a UUID, got ${shown(String(issue.input))}`,
});

/** One variable at a time: the format of each, when it is set. */
const variableSchemas: Record<string, z.ZodType<string>> = {
  PORT: integerText(1, 65_535, 'a port number between 1 and 65535'),
  SESSION_SECRET: z.string().refine((value) => value.length >= SESSION_SECRET_MIN_LENGTH, {
    error: (issue) =>
      `must be at least ${SESSION_SECRET_MIN_LENGTH} characters long (it has ${String(issue.input).length}); unset it to let the console generate one in its data folder`,
  }),
  CONSOLE_ADMIN_PASSWORD: z.string().refine((value) => value.length >= PASSWORD_MIN_LENGTH, {
    error: `must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  }),
  CLOUD_API_URL: baseUrlSchema,
  OBSERVABILITY_API_URL: baseUrlSchema,
  QUERY_API_URL: baseUrlSchema,
  CLOUD_ORGANIZATION_ID: uuid,
  CLOUD_SERVICE_ID: uuid,
  REDIS_URL: redisUrl,
  LOG_LEVEL: choice(LOG_LEVELS),
  SLUICE_CONTRACT_CHECKS: choice(['on', 'off']),
  UPSTREAM_READ_TIMEOUT_MS: milliseconds(1),
  UPSTREAM_WRITE_TIMEOUT_MS: milliseconds(1),
  UPSTREAM_READ_QUEUE_MS: milliseconds(),
  UPSTREAM_WRITE_QUEUE_MS: milliseconds(),
  UPSTREAM_BACKGROUND_QUEUE_MS: milliseconds(),
  UPSTREAM_CACHE_MS: milliseconds(),
  UPSTREAM_CHART_CACHE_MS: milliseconds(),
  PIPE_METRICS_INTERVAL_MS: milliseconds(1_000),
  METRICS_RETENTION_DAYS: integerText(1, MAX_RETENTION_DAYS, `a whole number of days between 1 and ${MAX_RETENTION_DAYS}`),
  SHUTDOWN_GRACE_MS: milliseconds(),
  SMTP_URL: z.string().refine(
    (value) => {
      try {
        return ['smtp:', 'smtps:'].includes(new URL(value.trim()).protocol) && new URL(value.trim()).hostname !== '';
      } catch {
        return false;
      }
    },
    { error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.internal:587' },
  ),
  SMTP_FROM: z.string().refine((value) => value.trim().includes('@'), { error: 'must be a sender address, e.g. Sluice <sluice@example.com>' }),
  NOTIFY_REMIND_HOURS: integerText(1, 8_760, 'a whole number of hours between 1 and 8760'),
  NOTIFY_ALLOWED_HOSTS: z.string().refine((value) => value.split(',').every((entry) => /^[\w.:\-[\]]*$/.test(entry.trim())), {
    error: 'must be host names or addresses separated by commas, e.g. hooks.internal,10.0.0.5',
  }),
  SLUICE_ENCRYPTION_KEY: z.string().refine((value) => value.trim().length >= 32, { error: 'must be at least 32 characters long' }),
  SLUICE_PUBLIC_URL: baseUrlSchema,
  HISTORY_KEEP: integerText(1, 100_000, 'a whole number of versions kept per object, at least 1'),
  HISTORY_DAYS: integerText(1, 36_500, 'a whole number of days, at least 1'),
};

/** A set upstream URL means a real service: its keys (and for the cloud, what it manages) must be set too. */
const REQUIRED_WITH: Record<string, string[]> = {
  CLOUD_API_URL: ['CLOUD_API_KEY_ID', 'CLOUD_API_KEY_SECRET', 'CLOUD_ORGANIZATION_ID', 'CLOUD_SERVICE_ID'],
  OBSERVABILITY_API_URL: ['OBSERVABILITY_API_KEY'],
};

/** Checks written before this module, each throwing a message that names its variable. */
const THROWING_CHECKS: Array<{ variable: string; check: (env: Environment) => void }> = [
  { variable: 'DATABASE_URL', check: (env) => databaseTarget(env) },
  { variable: 'TRUSTED_PROXIES', check: (env) => trustFromEnv(env.TRUSTED_PROXIES) },
  ...(['cloud', 'observability', 'query'] as const).map((name) => ({
    variable: BUDGET_VARIABLE[name],
    check: (env: Environment) => parseBudget(BUDGET_VARIABLE[name], env[BUDGET_VARIABLE[name]], REAL_BUDGETS[name]),
  })),
  { variable: 'OIDC_ISSUER', check: (env) => checkSignInSettings(env) },
];

function isSet(env: Environment, name: string): boolean {
  return env[name] !== undefined && env[name].trim() !== '';
}

function problem(variable: string, message: string): ConfigProblem {
  return { variable, message: message.startsWith(variable) ? message : `${variable} ${message}` };
}

/** The variable a thrown message names first (the sign-in check covers several). */
function namedIn(message: string, fallback: string): string {
  return /^([A-Z][A-Z0-9_]+)\b/.exec(message)?.[1] ?? fallback;
}

export interface CheckOptions {
  /**
   * Whether an unset upstream URL means the embedded emulator (`npm start`); the standalone server
   * and the container image have none, so there both URLs are required.
   */
  embeddedEmulator: boolean;
}

/** Every problem with the configuration that can be seen without connecting to anything. */
export function configProblems(env: Environment = process.env, { embeddedEmulator }: CheckOptions = { embeddedEmulator: true }): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!embeddedEmulator) {
    for (const variable of Object.keys(REQUIRED_WITH).filter((name) => !isSet(env, name))) {
      problems.push(problem(variable, 'is not set: this server has no embedded emulator (`npm start` has), so it needs the real service'));
    }
  }
  for (const [variable, schema] of Object.entries(variableSchemas)) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) problems.push(problem(variable, parsed.error.issues[0]?.message ?? 'is not valid'));
  }
  for (const [urlVariable, required] of Object.entries(REQUIRED_WITH)) {
    if (!isSet(env, urlVariable)) continue;
    for (const variable of required.filter((name) => !isSet(env, name))) {
      problems.push(problem(variable, `is not set: ${urlVariable} points at a real service, which needs it`));
    }
  }
  for (const { variable, check } of THROWING_CHECKS) {
    try {
      check(env);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      problems.push(problem(namedIn(message, variable), message));
    }
  }
  return problems;
}

function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Whether Redis answers: several instances must never run half-shared. */
async function redisProblem(env: Environment): Promise<ConfigProblem | null> {
  const url = env.REDIS_URL?.trim();
  if (!url) return null;
  const redis = new RedisStore(url);
  try {
    return (await redis.ping()) ? null : problem('REDIS_URL', `cannot be reached: Redis at ${redactedUrl(url)} does not answer`);
  } finally {
    await redis.close();
  }
}

/** What the console checks before it starts: the formats, then whether Redis answers. */
export async function startupProblems(env: Environment = process.env, options?: CheckOptions): Promise<ConfigProblem[]> {
  const problems = configProblems(env, options);
  if (problems.some((p) => p.variable === 'REDIS_URL')) return problems;
  const redis = await redisProblem(env);
  return redis ? [...problems, redis] : problems;
}

/** The line a start prints for a problem (one line, whatever the message). */
export function problemLine(problem: ConfigProblem): string {
  return `Configuration: ${problem.message.replace(/\s*\n\s*/g, ' ')}`;
}

/** `SHUTDOWN_GRACE_MS`, already checked: how long a stopping console lets requests in flight finish. */
export function shutdownGraceMs(env: Environment = process.env): number {
  const raw = env.SHUTDOWN_GRACE_MS?.trim();
  return raw ? Number(raw) : DEFAULT_SHUTDOWN_GRACE_MS;
}
