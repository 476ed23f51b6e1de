import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The requests the suites recorded into `directory` (one JSON line each, a file per process), each
 * distinct one once: the suites repeat the same calls many times over.
 */
export function readRecorded<T>(directory: string | undefined): T[] {
  if (!directory) return [];
  const lines = readdirSync(directory)
    .filter((file) => file.endsWith('.jsonl'))
    .flatMap((file) => readFileSync(path.join(directory, file), 'utf8').split('\n'))
    .filter((line) => line.trim() !== '');
  return [...new Set(lines)].map((line) => JSON.parse(line) as T);
}
