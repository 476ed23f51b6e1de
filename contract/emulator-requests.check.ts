import { describe, expect, it } from 'vitest';
import { readRecorded } from './recorded-lines';
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

const requests = readRecorded<Received>(directory);

describe('requests the emulator received during the suites', () => {
  it('were recorded, on both surfaces', () => {
    expect(directory, 'SLUICE_EMULATOR_RECORD_DIR must name the folder the emulator recorded into').toBeTruthy();
    expect(new Set(requests.map((request) => request.surface))).toEqual(new Set(['cloud', 'observability']));
  });

  it('carry no word of the neutral dialect in a path, key or value', () => {
    const offending = requests
      .map((request) => ({
        request: `${request.surface} ${request.method} ${request.path}`,
        words: neutralWordsIn(request.path, request.body),
      }))
      .filter((entry) => entry.words.length > 0)
      .map((entry) => `${entry.request}: ${entry.words.join(', ')}`);
    expect([...new Set(offending)]).toEqual([]);
  });
});
