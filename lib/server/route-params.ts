import 'server-only';
import { HISTORY_KINDS } from '@/lib/history/kinds';
import * as z from 'zod/mini';
import { OBJECT_ID_PATTERN, objectIdSchema, UUID_PATTERN, uuidSchema } from '@/lib/schemas/ids';

/** Managed observability ids may be either kind, depending on the deployment behind the cloud API. */
const managedObservabilityIdSchema = z.string().check(
  z.refine((id) => UUID_PATTERN.test(id) || OBJECT_ID_PATTERN.test(id), {
    error: 'Must be a UUID or a 24-character hexadecimal id',
  }),
);

export const organizationParams = z.object({ organizationId: uuidSchema });
export const serviceParams = z.extend(organizationParams, { serviceId: uuidSchema });
export const keyParams = z.extend(organizationParams, { keyId: uuidSchema });
export const pipeParams = z.extend(serviceParams, { pipeId: uuidSchema });
export const managedDashboardParams = z.extend(serviceParams, { dashboardId: managedObservabilityIdSchema });
export const managedAlertParams = z.extend(serviceParams, { alertId: managedObservabilityIdSchema });
export const objectIdParams = z.object({ id: objectIdSchema });
/** A console user: a local name or a single sign-on id (`sso:…`). */
export const userParams = z.object({ name: z.string().check(z.minLength(1), z.maxLength(200)) });

export type OrganizationParams = z.infer<typeof organizationParams>;
export type ServiceParams = z.infer<typeof serviceParams>;
export type KeyParams = z.infer<typeof keyParams>;
export type PipeParams = z.infer<typeof pipeParams>;
export type ManagedDashboardParams = z.infer<typeof managedDashboardParams>;
export type ManagedAlertParams = z.infer<typeof managedAlertParams>;

/** `/api/history/{kind}/{id}`: a versioned object's kind and its id (a UUID or a 24-hex id, checked per kind). */
export const historyObjectParams = z.object({
  kind: z.enum(HISTORY_KINDS, { error: `Must be one of ${HISTORY_KINDS.join(', ')}` }),
  id: managedObservabilityIdSchema,
});
export const historyVersionParams = z.extend(historyObjectParams, {
  version: z.string().check(z.regex(/^[1-9]\d{0,8}$/, { error: 'Must be a version number' })),
});
export type HistoryObjectParams = z.infer<typeof historyObjectParams>;
