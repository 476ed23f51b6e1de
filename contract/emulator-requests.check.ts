import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { neutralWordsIn } from './neutral-words';

/**
 * Run by `npm test` after the unit and browser suites (`SLUICE_CONTRACT_CHECK=1 vitest run`): every
 * request the emulator received on its vendor surfaces during them (recorded by the emulator into
 * `SLUICE_EMULATOR_RECORD_DIR`), scanned for a word of the console's neutral dialect. The real
 * services know none of them, so one here is a call that would fail in production, whichever test
 * or part of the console sent it.
 */
interface Received {
  surface: 'cloud' | 'observability';
  method: string;
  path: string;
  body?: unknown;
}

const directory = process.env.SLUICE_EMULATOR_RECORD_DIR;

function received(): Received[] {
  if (!directory) return [];
  const lines = readdirSync(directory)
    .filter((file) => file.endsWith('.jsonl'))
    .flatMap((file) => readFileSync(path.join(directory, file), 'utf8').split('\n'))
    .filter((line) => line.trim() !== '');
  return [...new Set(lines)].map((line) => JSON.parse(line) as Received);
}

const requests = received();

describe('requests the emulator received during the suites', () => {
  it('were recorded, on both surfaces', () => {
    expect(directory, 'SLUICE_EMULATOR_RECORD_DIR must name the folder the emulator recorded into').toBeTruthy();
    expect(new Set(requests.map((request) => request.surface))).toEqual(new Set(['cloud', 'observability']));
  });

  it('carry no word of the neutral dialect in a path, key or value', () => {
    const offending = requests
      .map((request) => ({ request: `${request.surface} ${request.method} ${request.path}`, words: neutralWordsIn(request.path, request.body) }))
      .filter((entry) => entry.words.length > 0)
      .map((entry) => `${entry.request}: ${entry.words.join(', ')}`);
    expect([...new Set(offending)]).toEqual([]);
  });
});
