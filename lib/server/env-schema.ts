import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../local/passwords';
import { MAX_RETENTION_DAYS } from '../pipes/history/retention';
import { uuidSchema } from '../schemas/ids';
import { baseUrlSchema } from './base-url';

/**
 * The format of every variable the console reads, in zod, and the defaults of its tunables: read by
 * lib/server/env.ts at run time and by lib/server/env-check.ts before start. No `server-only` here:
 * the start script runs the check outside Next.
 */

export const DEFAULT_SHUTDOWN_GRACE_MS = 25_000;

/** iron-session refuses shorter passwords; the same bound applies to a configured secret. */
export const SESSION_SECRET_MIN_LENGTH = 32;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const shown = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}…` : value);

const integerText = (min: number, max: number, what: string) =>
  z.string().refine((value) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max, {
    error: (issue) => `must be ${what}, got ${shown(String(issue.input))}`,
  });

const milliseconds = (min = 0) =>
  integerText(
    min,
    86_400_000,
    min > 0 ? `a whole number of milliseconds, at least ${min}` : 'a whole number of milliseconds',
  );

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
export const variableSchemas = {
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
  UPSTREAM_WRITE_RESERVE: integerText(0, 90, 'a whole percentage between 0 and 90'),
  UPSTREAM_CACHE_MS: milliseconds(),
  UPSTREAM_CHART_CACHE_MS: milliseconds(),
  PIPE_METRICS_INTERVAL_MS: milliseconds(1_000),
  METRICS_RETENTION_DAYS: integerText(
    1,
    MAX_RETENTION_DAYS,
    `a whole number of days between 1 and ${MAX_RETENTION_DAYS}`,
  ),
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
  SMTP_FROM: z.string().refine((value) => value.trim().includes('@'), {
    error: 'must be a sender address, e.g. Sluice <sluice@example.com>',
  }),
  NOTIFY_REMIND_HOURS: integerText(1, 8_760, 'a whole number of hours between 1 and 8760'),
  NOTIFY_ALLOWED_HOSTS: z
    .string()
    .refine((value) => value.split(',').every((entry) => /^[\w.:\-[\]]*$/.test(entry.trim())), {
      error: 'must be host names or addresses separated by commas, e.g. hooks.internal,10.0.0.5',
    }),
  SLUICE_ENCRYPTION_KEY: z
    .string()
    .refine((value) => value.trim().length >= 32, { error: 'must be at least 32 characters long' }),
  SLUICE_PUBLIC_URL: baseUrlSchema,
  HISTORY_KEEP: integerText(1, 100_000, 'a whole number of versions kept per object, at least 1'),
  HISTORY_DAYS: integerText(1, 36_500, 'a whole number of days, at least 1'),
} satisfies Record<string, z.ZodType<string>>;

/** The tunable durations, each with its default when unset. */
export const DURATION_DEFAULTS = {
  UPSTREAM_READ_TIMEOUT_MS: 10_000,
  UPSTREAM_WRITE_TIMEOUT_MS: 30_000,
  UPSTREAM_READ_QUEUE_MS: 8_000,
  UPSTREAM_WRITE_QUEUE_MS: 20_000,
  UPSTREAM_BACKGROUND_QUEUE_MS: 2_000,
  UPSTREAM_CACHE_MS: 3_000,
  UPSTREAM_CHART_CACHE_MS: 30_000,
} as const;

export type DurationVariable = keyof typeof DURATION_DEFAULTS;

/**
 * A tunable duration: its value when it passes its schema, else its default (a start refuses a
 * malformed one first, so the default only stands in for an unset variable).
 */
export function durationFromEnv(name: DurationVariable, env: Environment = processEnv()): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return DURATION_DEFAULTS[name];
  return variableSchemas[name].safeParse(raw).success ? Number(raw.trim()) : DURATION_DEFAULTS[name];
}

/**
 * Variables read as they are (no format to check), beside the checked ones in `variableSchemas`:
 * together, every variable the console reads. `VITEST` is set by the unit-test runner.
 */
export const UNCHECKED_VARIABLES = [
  'CLOUD_API_KEY_ID',
  'CLOUD_API_KEY_SECRET',
  'OBSERVABILITY_API_KEY',
  'SLUICE_EMULATED',
  'EMULATOR_PORT',
  'SLUICE_DATA_DIR',
  'SLUICE_CONTRACT_RECORD_DIR',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'TRUSTED_PROXIES',
  'VITEST',
] as const;

/** The name of a variable the console reads: a typo is a type error, not a silently unset value. */
export type EnvVariable = keyof typeof variableSchemas | (typeof UNCHECKED_VARIABLES)[number];

/** A set of variables: the process's own, or the few a tool or a test passes. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The process environment. Product code reads variables through here (and through env.ts, which
 * re-exports this half for server code) and nowhere else; tools and tests pass their own set.
 */
export function processEnv(): Environment {
  return process.env;
}

/** A variable as it is set, or undefined when it is unset or empty. */
export function envValue(name: EnvVariable, env: Environment = processEnv()): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** A variable trimmed, or undefined when it is unset or blank. */
export function envText(name: EnvVariable, env: Environment = processEnv()): string | undefined {
  return envValue(name, env)?.trim() || undefined;
}

type WholeNumberVariable =
  | 'HISTORY_KEEP'
  | 'HISTORY_DAYS'
  | 'METRICS_RETENTION_DAYS'
  | 'NOTIFY_REMIND_HOURS'
  | 'PIPE_METRICS_INTERVAL_MS'
  | 'SHUTDOWN_GRACE_MS'
  | 'UPSTREAM_WRITE_RESERVE';

/**
 * A whole-number variable when it passes its schema, else `fallback` (a start refuses a malformed
 * one first, so the fallback only stands in for an unset variable, or one a test set meanwhile).
 */
export function wholeNumberFromEnv(
  name: WholeNumberVariable,
  fallback: number,
  env: Environment = processEnv(),
): number {
  const raw = envText(name, env);
  return raw !== undefined && variableSchemas[name].safeParse(raw).success ? Number(raw) : fallback;
}
