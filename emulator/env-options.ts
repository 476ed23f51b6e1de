import { budgetsFromEnv } from './budgets';
import { DEFAULT_EMULATOR_PORT, type EmulatorOptions } from './index';

/**
 * The emulator's settings from the environment, read the same way by `npm run emulator` and by
 * the emulator `npm start` embeds: `EMULATOR_PORT`, `EMULATOR_STEP_MS` and `EMULATOR_BUDGETS` (`EMULATOR_EVENTS` is
 * read by the chart engine when it first generates events). Throws on a value that is not one.
 */
export function emulatorEnvOptions(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Pick<EmulatorOptions, 'port' | 'stepMs' | 'budgets'> {
  return {
    port: envPort(env.EMULATOR_PORT),
    stepMs: envStepMs(env.EMULATOR_STEP_MS),
    budgets: budgetsFromEnv(env.EMULATOR_BUDGETS),
  };
}

function envPort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_EMULATOR_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65534)
    throw new Error(`EMULATOR_PORT must be an integer between 0 and 65534, got "${raw}"`);
  return port;
}

function envStepMs(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const stepMs = Number(raw);
  if (!Number.isFinite(stepMs) || stepMs < 0)
    throw new Error(`EMULATOR_STEP_MS must be a non-negative number of milliseconds, got "${raw}"`);
  return stepMs;
}
