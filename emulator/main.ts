import { emulatorEnvOptions } from './env-options';
import { startEmulator } from './index';

const env = (name: string): string | undefined => process.env[name] || undefined;

async function main(): Promise<void> {
  const emulator = await startEmulator({
    ...emulatorEnvOptions(),
    organizationId: env('CLOUD_ORGANIZATION_ID'),
    serviceId: env('CLOUD_SERVICE_ID'),
    cloudKeyId: env('CLOUD_API_KEY_ID'),
    cloudKeySecret: env('CLOUD_API_KEY_SECRET'),
    observabilityApiKey: env('OBSERVABILITY_API_KEY'),
    quiet: process.env.EMULATOR_QUIET === '1',
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
