/** Prints one "N passed, N failed" line from vitest's and Playwright's JSON reports (vitest, Playwright, vitest…). */
import { readFileSync } from 'node:fs';

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
}
interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const report = readJson(file);
  if (!report) {
    // A missing report means that runner crashed before reporting: count it as a failure.
    failed += 1;
  } else if ('stats' in report) {
    const { stats } = report as PlaywrightReport;
    passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    failed += stats?.unexpected ?? 0;
    skipped += stats?.skipped ?? 0;
  } else {
    const vitest = report as VitestReport;
    passed += vitest.numPassedTests ?? 0;
    failed += vitest.numFailedTests ?? 0;
    skipped += vitest.numPendingTests ?? 0;
  }
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
