import { localDateTimeToIso } from '@/components/format/time';
import type { AuditQuery } from '@/lib/schemas/audit-bounds';

/** The Audit page's filters, as they sit in the URL (`?user=&operation=&from=&to=`, ISO times). */
export type AuditFilters = Pick<AuditQuery, 'user' | 'operation' | 'from' | 'to'>;

const NAMES = ['user', 'operation', 'from', 'to'] as const;

export function parseAuditFilters(params: Pick<URLSearchParams, 'get'>): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of NAMES) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

export function auditFiltersQuery(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const name of NAMES) if (filters[name]) params.set(name, filters[name]);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The URL parameter holding, in order, the id each older page starts after. */
const CURSOR = 'older';
const CURSOR_PATTERN = /^[1-9][0-9]{0,18}$/;

/** The page of the log the URL asks for, as the ids its older pages start after; odd values are dropped. */
export function auditCursors(params: Pick<URLSearchParams, 'getAll'>): string[] {
  return params.getAll(CURSOR).filter((cursor) => CURSOR_PATTERN.test(cursor));
}

/** The query string of some filters and a page of the log under them. */
export function auditPageQuery(filters: AuditFilters, cursors: readonly string[]): string {
  const params = new URLSearchParams(auditFiltersQuery(filters));
  for (const cursor of cursors) params.append(CURSOR, cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filter form's values: text, and `datetime-local` times in the browser's zone. */
export interface AuditFilterForm {
  user: string;
  operation: string;
  from: string;
  to: string;
}

export function filtersFromForm(form: AuditFilterForm): AuditFilters {
  const filters: AuditFilters = {};
  if (form.user.trim()) filters.user = form.user.trim();
  if (form.operation) filters.operation = form.operation;
  if (form.from) filters.from = localDateTimeToIso(form.from);
  if (form.to) filters.to = localDateTimeToIso(form.to);
  return filters;
}
