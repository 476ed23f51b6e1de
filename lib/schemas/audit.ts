import * as z from 'zod/mini';

import { AUDIT_LIMITS } from './audit-bounds';

export * from './audit-bounds';

const isoTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be an ISO-8601 date and time` });

/**
 * The Audit page's filters and paging, as query parameters of `GET /api/audit` and its CSV export;
 * its output is an `AuditQuery` (lib/server/audit/routes.ts relies on that).
 */
export const auditQuerySchema = z
  .object({
    user: z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(AUDIT_LIMITS.userMaxLength, {
          error: `User must be at most ${AUDIT_LIMITS.userMaxLength} characters`,
        }),
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
        z.refine((v) => Number(v) <= AUDIT_LIMITS.maxPageSize, {
          error: `Limit must be at most ${AUDIT_LIMITS.maxPageSize}`,
        }),
      ),
    ),
  })
  .check(
    z.refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
      error: 'From must be before To',
      path: ['to'],
    }),
  );
