import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { SurfaceName } from './budgets';

/**
 * Test-only: with `SLUICE_EMULATOR_RECORD_DIR` set, every request a vendor surface receives is appended
 * as one JSON line to a file per process, so a guard test can check what reached the "vendor" (its
 * paths and field names included) rather than what the console meant to send. Control routes are not
 * vendor requests and are never recorded.
 */
export function recordReceivedRequest(surface: SurfaceName, method: string, url: URL, raw: Buffer): void {
  const directory = process.env.SLUICE_EMULATOR_RECORD_DIR;
  if (!directory) return;
  const body = jsonOrUndefined(raw);
  const line = JSON.stringify({
    surface,
    method,
    path: `${url.pathname}${url.search}`,
    ...(body === undefined ? {} : { body }),
  });
  appendFileSync(path.join(directory, `emulator-${process.pid}.jsonl`), `${line}\n`);
}

/** An empty or malformed body is recorded without one; the surface answers the malformed one with its 400. */
function jsonOrUndefined(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
