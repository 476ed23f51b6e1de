/** The checks `npm start` and `npm run config:check` make before anything starts. */
import { emulatorEnvOptions } from '../emulator/env-options';
import type { Environment } from '../lib/server/db/config';
import { startupProblems, type ConfigProblem } from '../lib/server/env-check';

/** The console's checks, plus the embedded emulator's variables when `npm start` would run it. */
export async function startCheck(env: Environment): Promise<ConfigProblem[]> {
  const problems = await startupProblems(env);
  if (!env.CLOUD_API_URL?.trim() || !env.OBSERVABILITY_API_URL?.trim()) {
    try {
      emulatorEnvOptions(env);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      problems.push({ variable: /^[A-Z_]+/.exec(message)?.[0] ?? 'EMULATOR_PORT', message });
    }
  }
  return problems;
}
