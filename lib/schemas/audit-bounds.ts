/** The audit log query's bounds and URL form, zod-free: the Audit page needs these without the schema. */
export const AUDIT_LIMITS = {
  pageSize: 50,
  maxPageSize: 200,
  userMaxLength: 256,
  operationMaxLength: 160,
} as const;

/** `GET /api/audit`'s query parameters (checked on the server by `auditQuerySchema`). */
export interface AuditQuery {
  user?: string;
  operation?: string;
  /** ISO-8601, inclusive. */
  from?: string;
  /** ISO-8601, exclusive. */
  to?: string;
  /** The id of the last event of the previous page: this page holds older ones. */
  before?: string;
  limit?: string;
}

/** Query parameters → the schema's input: repeated names keep the first, empty values count as absent. */
export function auditQueryInput(params: URLSearchParams): Record<string, string> {
  const input: Record<string, string> = {};
  for (const [name, value] of params) if (value !== '' && !(name in input)) input[name] = value;
  return input;
}

/** The filters as query parameters, for the page's requests and its CSV link. */
export function auditQueryString(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
