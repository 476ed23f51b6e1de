import { describe, expect, it } from 'vitest';
import { readRecorded } from './recorded-lines';
import type { ContractSurface } from '@/lib/contract/documents';
import { findOperation } from '@/lib/contract/operations';
import { checkRequest, formatCheck } from '@/lib/contract/validator';

/**
 * Run by `npm test` after the unit and browser suites (`SLUICE_CONTRACT_CHECK=1 vitest run`): every request
 * body and query the BFF sent upstream during them, recorded at the upstream client, validated
 * against the operation's schema in the published documents.
 */
interface Recorded {
  surface: ContractSurface;
  method: string;
  path: string;
  body?: unknown;
}

const directory = process.env.SLUICE_CONTRACT_RECORD_DIR;

const requests = readRecorded<Recorded>(directory);
const byOperation = new Map<string, Recorded[]>();
const undocumented: Recorded[] = [];
for (const request of requests) {
  const operation = findOperation(request.surface, request.method, request.path);
  if (!operation) {
    undocumented.push(request);
    continue;
  }
  const key = `${request.surface}: ${operation.name}`;
  byOperation.set(key, [...(byOperation.get(key) ?? []), request]);
}

describe('requests the BFF sent upstream during the suites', () => {
  it('were recorded', () => {
    expect(directory, 'SLUICE_CONTRACT_RECORD_DIR must name the folder the suites recorded into').toBeTruthy();
    expect(requests.length).toBeGreaterThan(0);
  });

  it('each name an operation of the published documents', () => {
    expect(undocumented.map((request) => `${request.surface} ${request.method} ${request.path}`)).toEqual([]);
  });

  for (const [operation, list] of [...byOperation.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    it(`${operation} (${list.length} distinct)`, () => {
      const failures = list
        .map((request) => checkRequest(request.surface, request.method, request.path, request.body))
        .filter((check) => check.problems.length > 0)
        .map(formatCheck);
      expect([...new Set(failures)]).toEqual([]);
    });
  }
});
