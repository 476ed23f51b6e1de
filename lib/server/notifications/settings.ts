import { envText, processEnv, wholeNumberFromEnv, type Environment } from '../env';

/** `NOTIFY_REMIND_HOURS`: how long an open incident waits before it reminds (default 24). */
export function remindAfterMs(env: Environment = processEnv()): number {
  return wholeNumberFromEnv('NOTIFY_REMIND_HOURS', 24, env) * 3_600_000;
}

/** Where links in messages point: `SLUICE_PUBLIC_URL`, or the console on this machine. */
export function publicBaseUrl(env: Environment = processEnv()): string {
  return (envText('SLUICE_PUBLIC_URL', env) ?? `http://localhost:${envText('PORT', env) ?? '3000'}`).replace(
    /\/+$/,
    '',
  );
}
