/**
 * `npm run doctor`: given real upstream URLs and keys (environment or `.env`), makes the console's
 * everyday reads once, validates each answer against the vendors' published OpenAPI documents and
 * prints what works and what does not, with each upstream requestId. It changes nothing upstream.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runDoctor, type DoctorConfig } from './doctor/checks';
import { formatDoctorReport } from './doctor/report';

const root = path.resolve(import.meta.dirname, '..');
const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

const env = (name: string) => process.env[name]?.trim() || undefined;
const trimSlash = (url: string) => url.replace(/\/+$/, '');

function configFromEnv(): { config: DoctorConfig; notes: string[] } {
  const notes: string[] = [];
  const config: DoctorConfig = {};
  const cloudUrl = env('CLOUD_API_URL');
  const cloudMissing = ['CLOUD_API_KEY_ID', 'CLOUD_API_KEY_SECRET', 'CLOUD_ORGANIZATION_ID', 'CLOUD_SERVICE_ID'].filter(
    (name) => !env(name),
  );
  if (!cloudUrl) notes.push('cloud: CLOUD_API_URL is not set, so the console uses its emulator; nothing to check.');
  else if (cloudMissing.length) notes.push(`cloud: ${cloudMissing.join(', ')} not set; cloud calls skipped.`);
  else {
    config.cloud = {
      baseUrl: trimSlash(cloudUrl),
      keyId: env('CLOUD_API_KEY_ID')!,
      keySecret: env('CLOUD_API_KEY_SECRET')!,
      organizationId: env('CLOUD_ORGANIZATION_ID')!,
      serviceId: env('CLOUD_SERVICE_ID')!,
    };
  }
  const ossUrl = env('OBSERVABILITY_API_URL');
  if (!ossUrl)
    notes.push('observability: OBSERVABILITY_API_URL is not set, so the console uses its emulator; nothing to check.');
  else if (!env('OBSERVABILITY_API_KEY'))
    notes.push('observability: OBSERVABILITY_API_KEY is not set; observability calls skipped.');
  else config.observability = { baseUrl: trimSlash(ossUrl), apiKey: env('OBSERVABILITY_API_KEY')! };
  return { config, notes };
}

const { config, notes } = configFromEnv();
for (const note of notes) console.log(note);
if (!config.cloud && !config.observability) {
  console.log('Set the upstream URLs and keys (see README, "Pointing Sluice at the real services") and run again.');
  process.exit(notes.length > 0 ? 2 : 0);
}
const results = await runDoctor(config);
console.log(formatDoctorReport(results));
process.exit(results.some((result) => result.outcome === 'failed' || result.outcome === 'mismatch') ? 1 : 0);
