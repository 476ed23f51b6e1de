import * as z from 'zod/mini';

/** Bounds of the observability surfaces (upstream facts); the body schemas stay permissive otherwise. */
export const OBSERVABILITY_LIMITS = {
  nameMaxLength: 1024,
  tilesMax: 500,
  tagsMax: 50,
  tagMaxLength: 32,
  alertMessageMaxLength: 4096,
} as const;

const { nameMaxLength, tilesMax, tagsMax, tagMaxLength, alertMessageMaxLength } = OBSERVABILITY_LIMITS;

const nameSchema = z.string({ error: 'Name is required' }).check(
  z.trim(),
  z.minLength(1, { error: 'Name is required' }),
  z.maxLength(nameMaxLength, { error: `Name must be at most ${nameMaxLength} characters` }),
);

/** Dashboard create/replace body; unknown fields pass through to the upstream, which owns their validation. */
export const dashboardBodySchema = z.looseObject({
  name: nameSchema,
  tags: z.optional(
    z
      .array(z.string().check(z.maxLength(tagMaxLength, { error: `A tag must be at most ${tagMaxLength} characters` })))
      .check(z.maxLength(tagsMax, { error: `At most ${tagsMax} tags` })),
  ),
  tiles: z
    .array(z.looseObject({}), { error: 'Tiles must be a list' })
    .check(z.maxLength(tilesMax, { error: `At most ${tilesMax} tiles` })),
});
export type DashboardBody = z.infer<typeof dashboardBodySchema>;

/** Alert create/replace body, loosely checked for now. */
export const alertBodySchema = z.looseObject({
  name: z.optional(nameSchema),
  message: z.optional(
    z.string().check(z.maxLength(alertMessageMaxLength, { error: `Message must be at most ${alertMessageMaxLength} characters` })),
  ),
});
export type AlertBody = z.infer<typeof alertBodySchema>;
