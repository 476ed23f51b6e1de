import type { DoctorResult } from './checks';

const MARK: Record<DoctorResult['outcome'], string> = { ok: '✓', mismatch: '✗', failed: '✗', skipped: '–' };

/** The doctor's report: one line per call, the contract's complaints under it, a summary last. */
export function formatDoctorReport(results: readonly DoctorResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    const status = result.status === undefined ? '' : ` ${result.status}`;
    const requestId = result.requestId ? `  requestId ${result.requestId}` : '';
    const what =
      result.outcome === 'ok'
        ? 'matches the contract'
        : result.outcome === 'mismatch'
          ? `answers outside the contract (${result.problems.length} ${result.problems.length === 1 ? 'problem' : 'problems'})`
          : (result.detail ?? result.outcome);
    lines.push(
      `${MARK[result.outcome]} ${result.surface.padEnd(13)} ${result.name.padEnd(30)} ${result.method} ${result.path}${status}${requestId}`,
    );
    lines.push(`    ${what}`);
    for (const problem of result.problems) lines.push(`    ${problem.path}  ${problem.rule}`);
  }
  const count = (outcome: DoctorResult['outcome']) => results.filter((result) => result.outcome === outcome).length;
  lines.push(
    '',
    `${count('ok')} working, ${count('mismatch')} outside the contract, ${count('failed')} failed, ${count('skipped')} not checked`,
  );
  return lines.join('\n');
}
