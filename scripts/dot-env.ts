import { existsSync } from 'node:fs';
import path from 'node:path';

/** The console's own variables: one left empty in `.env` (as in `.env.example`) counts as unset. */
const CONSOLE_VARIABLE =
  /^(CLOUD_|OBSERVABILITY_|QUERY_|SESSION_|CONSOLE_|EMULATOR_|SLUICE_|OIDC_|UPSTREAM_|SHUTDOWN_|DATABASE_URL$|REDIS_URL$|TRUSTED_PROXIES$|METRICS_TOKEN$|METRICS_RETENTION_DAYS$|SMTP_|NOTIFY_|HISTORY_|LOCAL_USERS$|LOG_LEVEL$|PIPE_METRICS_|PORT$|HOST$)/;

/** Reads `.env` in the project folder when present (the environment wins over it). */
export function loadDotEnv(root: string): void {
  const file = path.join(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
  for (const [name, value] of Object.entries(process.env)) {
    if (value === '' && CONSOLE_VARIABLE.test(name)) delete process.env[name];
  }
}
