import * as z from 'zod/mini';

/**
 * Alert bounds of the observability surfaces (upstream facts). Dashboards have their own module,
 * lib/schemas/observability/dashboard.ts.
 */
export const OBSERVABILITY_LIMITS = {
  nameMaxLength: 1024,
  alertMessageMaxLength: 4096,
} as const;

const { nameMaxLength, alertMessageMaxLength } = OBSERVABILITY_LIMITS;

const nameSchema = z
  .string({ error: 'Name is required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'Name is required' }),
    z.maxLength(nameMaxLength, { error: `Name must be at most ${nameMaxLength} characters` }),
  );

/** Alert create/replace body, loosely checked for now. */
export const alertBodySchema = z.looseObject({
  name: z.optional(nameSchema),
  message: z.optional(
    z
      .string()
      .check(
        z.maxLength(alertMessageMaxLength, { error: `Message must be at most ${alertMessageMaxLength} characters` }),
      ),
  ),
});
export type AlertBody = z.infer<typeof alertBodySchema>;
