import * as z from 'zod/mini';

export const AUDIT_LIMITS = {
  pageSize: 50,
  maxPageSize: 200,
  userMaxLength: 256,
  operationMaxLength: 160,
} as const;

const isoTime = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be an ISO-8601 date and time` });

/** The Audit page's filters and paging, as query parameters of `GET /api/audit` and its CSV export. */
export const auditQuerySchema = z
  .object({
    user: z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(AUDIT_LIMITS.userMaxLength, { error: `User must be at most ${AUDIT_LIMITS.userMaxLength} characters` }),
      ),
    ),
    operation: z.optional(
      z.string().check(
        z.maxLength(AUDIT_LIMITS.operationMaxLength, {
          error: `Operation must be at most ${AUDIT_LIMITS.operationMaxLength} characters`,
        }),
      ),
    ),
    from: z.optional(isoTime('From')),
    to: z.optional(isoTime('To')),
    /** The id of the last event of the previous page: this page holds older ones. */
    before: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,18}$/, { error: 'Before must be an event id' }))),
    limit: z.optional(
      z.string().check(
        z.regex(/^[1-9][0-9]{0,3}$/, { error: 'Limit must be a whole number' }),
        z.refine((v) => Number(v) <= AUDIT_LIMITS.maxPageSize, { error: `Limit must be at most ${AUDIT_LIMITS.maxPageSize}` }),
      ),
    ),
  })
  .check(
    z.refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
      error: 'From must be before To',
      path: ['to'],
    }),
  );

export type AuditQuery = z.infer<typeof auditQuerySchema>;

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
