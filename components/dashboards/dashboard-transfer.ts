import { safeParse } from 'zod/v4/core';
import { toDashboardBody, toNewDashboardBody } from '@/lib/api/dashboards/requests';
import { dashboardBodySchema, type Dashboard, type DashboardBody } from '@/lib/schemas/observability/dashboard';

/** Export and import of a dashboard as JSON. Loaded on demand: it carries the schema. */

export const EXPORT_FORMAT = 'sluice.dashboard/v1';

/** Every field of the dashboard but its id: tiles of every kind, filters, default filter, containers. */
export function exportDashboardJson(dashboard: Dashboard): string {
  return `${JSON.stringify({ format: EXPORT_FORMAT, ...toDashboardBody(dashboard) }, null, 2)}\n`;
}

/** Saves `text` as a file through the browser's download. */
export function downloadJson(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export function exportFileName(dashboard: Pick<Dashboard, 'name'>): string {
  const slug = dashboard.name
    .toLocaleLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'dashboard'}.dashboard.json`;
}

export type ImportResult = { ok: true; body: DashboardBody } | { ok: false; errors: string[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MAX_ERRORS = 10;

/**
 * A file to import: an export of this console, or a dashboard as either API returns it
 * (`{data}`, `{result}` or the bare record). Tile ids are dropped so the server assigns new
 * ones (ids belong to the dashboard they were made in), filter ids likewise; every other field
 * is kept. The body is checked with the same schema the server applies, and every problem is
 * named by its path.
 */
export function parseDashboardImport(text: string): ImportResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, errors: ['The file is not JSON.'] };
  }
  const record =
    isRecord(parsed) && isRecord(parsed.data)
      ? parsed.data
      : isRecord(parsed) && isRecord(parsed.result)
        ? parsed.result
        : parsed;
  if (!isRecord(record))
    return { ok: false, errors: ['The file does not hold a dashboard (expected an object with name and tiles).'] };
  const { format: _format, id: _id, ...fields } = record;
  const result = safeParse(dashboardBodySchema, { ...fields, tags: record.tags ?? [] });
  if (result.success) return { ok: true, body: toNewDashboardBody(result.data) };
  const errors = result.error.issues.map(
    (issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`,
  );
  return {
    ok: false,
    errors:
      errors.length > MAX_ERRORS ? [...errors.slice(0, MAX_ERRORS), `…and ${errors.length - MAX_ERRORS} more`] : errors,
  };
}
