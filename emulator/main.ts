import { DEFAULT_EMULATOR_PORT, startEmulator } from './index';

function envPort(): number {
  const raw = process.env.EMULATOR_PORT;
  if (raw === undefined || raw === '') return DEFAULT_EMULATOR_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65534) {
    console.error(`EMULATOR_PORT must be an integer between 0 and 65534, got "${raw}"`);
    process.exit(1);
  }
  return port;
}

function envStepMs(): number | undefined {
  const raw = process.env.EMULATOR_STEP_MS;
  if (raw === undefined || raw === '') return undefined;
  const stepMs = Number(raw);
  if (!Number.isFinite(stepMs) || stepMs < 0) {
    console.error(`EMULATOR_STEP_MS must be a non-negative number of milliseconds, got "${raw}"`);
    process.exit(1);
  }
  return stepMs;
}

const env = (name: string): string | undefined => process.env[name] || undefined;

async function main(): Promise<void> {
  const emulator = await startEmulator({
    port: envPort(),
    organizationId: env('CLOUD_ORGANIZATION_ID'),
    serviceId: env('CLOUD_SERVICE_ID'),
    cloudKeyId: env('CLOUD_API_KEY_ID'),
    cloudKeySecret: env('CLOUD_API_KEY_SECRET'),
    observabilityApiKey: env('OBSERVABILITY_API_KEY'),
    quiet: process.env.EMULATOR_QUIET === '1',
    stepMs: envStepMs(),
  });

  console.log(
    [
      'Upstream emulator listening (loopback only)',
      `  cloud surface:          ${emulator.cloudUrl}`,
      `  observability surface:  ${emulator.observabilityUrl}`,
      `  control API:            ${emulator.cloudUrl}/__emulator/ (faults, requests, reset, health)`,
      '',
      'Point the console at it with:',
      `  CLOUD_API_URL=${emulator.cloudUrl}`,
      `  CLOUD_ORGANIZATION_ID=${emulator.organizationId}`,
      `  CLOUD_SERVICE_ID=${emulator.serviceId}`,
      `  CLOUD_API_KEY_ID=${emulator.cloudKeyId}`,
      `  CLOUD_API_KEY_SECRET=${emulator.cloudKeySecret}`,
      `  OBSERVABILITY_API_URL=${emulator.observabilityUrl}`,
      `  OBSERVABILITY_API_KEY=${emulator.observabilityApiKey}`,
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, stopping the emulator`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Emulator did not stop cleanly', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('Emulator failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
