import 'server-only';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { UpstreamName } from '../env';
import { envValue } from '../env';

/**
 * Test-only: with `SLUICE_CONTRACT_RECORD_DIR` set, every request the console sends upstream is
 * appended (one JSON line, to a file per process) so the contract check can validate them all
 * after the unit and browser suites (`contract/recorded-requests.check.ts`). Off in production.
 */
export function recordUpstreamRequest(surface: UpstreamName, method: string, requestPath: string, body: unknown): void {
  const directory = envValue('SLUICE_CONTRACT_RECORD_DIR');
  // The query host is in no published document, so there is nothing to check its calls against.
  if (!directory || surface === 'query') return;
  const line = JSON.stringify({ surface, method, path: requestPath, ...(body === undefined ? {} : { body }) });
  appendFileSync(path.join(directory, `requests-${process.pid}.jsonl`), `${line}\n`);
}
