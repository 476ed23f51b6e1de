import 'server-only';
import type { ContractProblem } from '@/lib/contract/validator';
import { checkResponse } from '@/lib/contract/validator';
import type { SurfaceName, UpstreamName } from '../env';
import { log } from '../log';
import { contractMismatches } from '../metrics';
import { currentRequestId } from '../request-context';
import { envValue } from '../env';

/** An upstream answer that breaks the published contract: what the log and the browser are told. */
export interface ContractMismatch {
  operation: string;
  problems: ContractProblem[];
}

/** Response header telling the browser that the answer it got was not what the contract says. */
export const UNEXPECTED_ANSWER_HEADER = 'x-sluice-unexpected-answer';

let disabled = envValue('SLUICE_CONTRACT_CHECKS') === 'off';

/**
 * The last answer text of each call (surface, method, path, status) that met the contract. A page
 * polls the same read and mostly gets the same bytes back: the same text is the same check, so it
 * costs a string comparison instead of a schema validation. Answers past MEMO_MAX_CHARS are not kept.
 */
const passed = new Map<string, string>();
const MEMO_MAX_CHARS = 256 * 1024;
const MEMO_MAX_CALLS = 1_000;

/**
 * Checks a successful answer against the vendor's published document. A mismatch is logged with
 * the operation and the JSON paths and rules it breaks (never a value of the body, which may hold
 * secrets) and handed back so the route can say so; the answer itself still goes to the browser,
 * which shows whatever it can read. `text` is the answer as it came, `data` its parsed value.
 */
export function checkUpstreamAnswer(
  upstream: UpstreamName,
  method: string,
  path: string,
  status: number,
  data: unknown,
  text?: string,
): ContractMismatch | undefined {
  // The query host is in no published document: its answers are the service's own rows.
  if (disabled || upstream === 'query' || data === null || data === undefined) return undefined;
  const call = `${upstream} ${method} ${status} ${path}`;
  if (text !== undefined && passed.get(call) === text) return undefined;
  let check;
  try {
    check = checkResponse(upstream, method, path, status, data);
  } catch (error) {
    // Without its documents (an unusual deployment) the console works on, unchecked.
    disabled = true;
    log.warn({ err: error }, 'contract checks are off: the published OpenAPI documents could not be loaded');
    return undefined;
  }
  if (check.problems.length === 0 || !check.operation) {
    if (check.problems.length === 0 && text !== undefined && text.length <= MEMO_MAX_CHARS) {
      if (passed.size >= MEMO_MAX_CALLS) passed.clear();
      passed.set(call, text);
    }
    return undefined;
  }
  passed.delete(call);
  contractMismatches.inc({ upstream });
  log.warn(
    {
      requestId: currentRequestId(),
      upstream,
      operation: check.operation,
      path: path.split('?')[0],
      problems: check.problems,
    },
    `unexpected answer from the ${upstream} API: it does not match the published contract`,
  );
  return { operation: check.operation, problems: check.problems };
}

/** Compiles the checks of the console's everyday reads (wire paths) ahead of the first request (a few hundred ms per surface). */
export function warmContractChecks(): void {
  if (disabled) return;
  const org = '/v1/organizations/00000000-0000-4000-8000-000000000000';
  const reads: [SurfaceName, string][] = [
    ['cloud', org],
    ['cloud', `${org}/keys`],
    ['cloud', `${org}/services/00000000-0000-4000-8000-000000000000/clickpipes`],
    ['cloud', `${org}/services/00000000-0000-4000-8000-000000000000/clickstack/dashboards`],
    ['observability', '/api/v2/dashboards'],
    ['observability', '/api/v2/alerts'],
  ];
  for (const [upstream, path] of reads) {
    try {
      checkResponse(upstream, 'GET', path, 200, {});
    } catch {
      return;
    }
  }
}
