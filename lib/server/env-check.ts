import { databaseTarget, type Environment } from './db/config';
import { DEFAULT_SHUTDOWN_GRACE_MS, processEnv, variableSchemas, wholeNumberFromEnv } from './env-schema';
import { checkSignInSettings } from './oidc/settings';
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

export { DEFAULT_SHUTDOWN_GRACE_MS };

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
export function configProblems(
  env: Environment = processEnv(),
  { embeddedEmulator }: CheckOptions = { embeddedEmulator: true },
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!embeddedEmulator) {
    for (const variable of Object.keys(REQUIRED_WITH).filter((name) => !isSet(env, name))) {
      problems.push(
        problem(
          variable,
          'is not set: this server has no embedded emulator (`npm start` has), so it needs the real service',
        ),
      );
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
    return (await redis.ping())
      ? null
      : problem('REDIS_URL', `cannot be reached: Redis at ${redactedUrl(url)} does not answer`);
  } finally {
    await redis.close();
  }
}

/** What the console checks before it starts: the formats, then whether Redis answers. */
export async function startupProblems(
  env: Environment = processEnv(),
  options?: CheckOptions,
): Promise<ConfigProblem[]> {
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
export function shutdownGraceMs(env: Environment = processEnv()): number {
  return wholeNumberFromEnv('SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS, env);
}
