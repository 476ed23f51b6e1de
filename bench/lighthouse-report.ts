/**
 * bench/lighthouse-report: what the full reports kept by bench/lighthouse-pages
 * (`BENCH_LIGHTHOUSE_REPORTS=dir`) say about where a page's time goes, one line each, in the parts
 * that depend little on the machine's load: the LCP element and whether it painted with the first
 * paint (in the run as observed, before Lighthouse's simulation), the LCP's phases as simulated,
 * the scripts evaluated and long tasks by URL. `npx tsx bench/lighthouse-report.ts dir [dir…]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Lhr {
  finalDisplayedUrl: string;
  configSettings: { formFactor: string };
  categories: { performance?: { score: number | null } };
  environment: { benchmarkIndex: number };
  audits: Record<string, { numericValue?: number; details?: Record<string, unknown> }>;
}

type Row = Record<string, unknown>;

const items = (lhr: Lhr, id: string): Row[] => (lhr.audits[id]?.details?.items as Row[] | undefined) ?? [];
const ms = (value: unknown) => (typeof value === 'number' ? `${Math.round(value)}` : '?');
const shortUrl = (url: unknown) => String(url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(page)';

function lcpElement(lhr: Lhr): { snippet: string; phases: string } {
  // Lighthouse 12: the element is the first table of the audit's list, its phases the second.
  const lists = items(lhr, 'largest-contentful-paint-element');
  const node = ((lists[0]?.items as Row[] | undefined)?.[0]?.node ?? {}) as Row;
  const phases = ((lists[1]?.items as Row[] | undefined) ?? [])
    .map((phase) => `${String(phase.phase).replace(/ /g, '')} ${ms(phase.timing)}`)
    .join(', ');
  return { snippet: String(node.snippet ?? node.nodeLabel ?? '?').slice(0, 110), phases };
}

/** Observed (unthrottled) first paint and LCP: equal when the LCP element came with the first paint. */
function observed(lhr: Lhr): string {
  const metrics = (items(lhr, 'metrics')[0] ?? {}) as Row;
  return `observed FCP ${ms(metrics.observedFirstContentfulPaint)} LCP ${ms(metrics.observedLargestContentfulPaint)}`;
}

function longTasks(lhr: Lhr): string {
  const byUrl = new Map<string, number[]>();
  for (const task of items(lhr, 'long-tasks')) {
    const url = shortUrl(task.url);
    byUrl.set(url, [...(byUrl.get(url) ?? []), Math.round(Number(task.duration))]);
  }
  return [...byUrl].map(([url, durations]) => `${url} [${durations.join(', ')}]`).join('; ') || 'none';
}

function scripts(lhr: Lhr): string {
  const rows = items(lhr, 'bootup-time').filter((row) => Number(row.scripting) >= 20);
  return rows.map((row) => `${shortUrl(row.url)} ${ms(row.scripting)}`).join('; ');
}

function summary(file: string): string {
  const lhr = JSON.parse(readFileSync(file, 'utf8')) as Lhr;
  const audit = (id: string) => ms(lhr.audits[id]?.numericValue);
  const { snippet, phases } = lcpElement(lhr);
  return [
    `${path.basename(file)}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, benchmarkIndex ${lhr.environment.benchmarkIndex}`,
    `  ${observed(lhr)}; LCP element ${snippet}`,
    `  LCP phases: ${phases}`,
    `  long tasks (ms, as simulated): ${longTasks(lhr)}`,
    `  script evaluation ≥ 20 ms: ${scripts(lhr)}`,
  ].join('\n');
}

for (const dir of process.argv.slice(2)) {
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    console.log(summary(path.join(dir, name)));
  }
}
