/** Prints one "N passed, N failed" line from vitest's and Playwright's JSON reports. */
import { readFileSync } from 'node:fs';

function readJson(file: string | undefined): Record<string, unknown> | undefined {
  if (!file) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const [vitestFile, playwrightFile] = process.argv.slice(2);
const vitest = readJson(vitestFile) as { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number } | undefined;
const playwright = readJson(playwrightFile) as
  | { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } }
  | undefined;

const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
// A missing report means that runner crashed before reporting: count it as a failure.
const failed =
  (vitest ? (vitest.numFailedTests ?? 0) : 1) + (playwright ? (playwright.stats?.unexpected ?? 0) : 1);
const skipped = (vitest?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
