/**
 * `npm run config:check`: the checks `npm start` makes before it starts, without starting
 * anything. One line per problem, each naming its variable; exit 1 on a problem, 0 otherwise.
 */
import path from 'node:path';
import { databaseTarget } from '../lib/server/db/config';
import { loadDotEnv } from './dot-env';
import { problemLine } from '../lib/server/env-check';
import { startCheck } from './start-check';

async function main(): Promise<void> {
  loadDotEnv(path.resolve(import.meta.dirname, '..'));
  const problems = await startCheck(process.env);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problemLine(problem));
    process.exit(1);
  }
  const env = process.env;
  console.log(`Configuration: no problem found`);
  console.log(`  database      ${databaseTarget(env).description}`);
  console.log(`  shared state  ${env.REDIS_URL?.trim() ? 'Redis (answers)' : "this process's memory"}`);
  console.log(`  cloud         ${env.CLOUD_API_URL?.trim() || 'the embedded emulator (npm start)'}`);
  console.log(`  observability ${env.OBSERVABILITY_API_URL?.trim() || 'the embedded emulator (npm start)'}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
