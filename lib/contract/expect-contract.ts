import { checkRequest, checkResponse, formatCheck } from './validator';
import type { ContractSurface } from './documents';

/** Test helper: throws with the operation, JSON path and rule of every mismatch. */
export function expectValidResponse(
  surface: ContractSurface,
  method: string,
  path: string,
  response: { status: number; body: unknown },
): void {
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`${method} ${path} answered ${response.status}, not a success: ${JSON.stringify(response.body)}`);
  }
  const check = checkResponse(surface, method, path, response.status, response.body);
  if (check.problems.length > 0) throw new Error(`response breaks the contract — ${formatCheck(check)}`);
}

export function expectValidRequest(surface: ContractSurface, method: string, path: string, body: unknown): void {
  const check = checkRequest(surface, method, path, body);
  if (check.problems.length > 0) throw new Error(`request breaks the contract — ${formatCheck(check)}`);
}
