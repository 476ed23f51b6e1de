import { operationLabel } from '@/lib/audit/operations';
import type { AuditRecord } from '@/lib/audit/events';

const COLUMNS: ReadonlyArray<[heading: string, value: (event: AuditRecord) => string | number | null]> = [
  ['Time (UTC)', (e) => e.at],
  ['User', (e) => e.actor],
  ['Role', (e) => e.actorRole],
  ['Signed in with', (e) => (e.authMethod === 'sso' ? 'single sign-on' : e.authMethod)],
  ['Operation', (e) => operationLabel(e.operation)],
  ['Operation id', (e) => e.operation],
  ['Target type', (e) => e.targetType],
  ['Target id', (e) => e.targetId],
  ['Target name', (e) => e.targetName],
  ['Outcome', (e) => e.outcome],
  ['Status', (e) => e.status],
  ['Error code', (e) => e.errorCode],
  ['Changed fields', (e) => e.changes],
  ['Request id', (e) => e.requestId],
  ['Client address', (e) => e.clientAddress],
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a separator, a quote or a line break. A leading
 * `= + - @` (or tab, carriage return) is prefixed with `'`, so a spreadsheet shows a name such as
 * `=HYPERLINK(…)` as text instead of running it.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const AUDIT_CSV_HEADER = `${COLUMNS.map(([heading]) => heading).join(',')}\r\n`;

export function auditCsvRow(event: AuditRecord): string {
  return `${COLUMNS.map(([, value]) => csvCell(value(event))).join(',')}\r\n`;
}
