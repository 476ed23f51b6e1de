import { z } from 'zod';

/** Bounds of the observability surfaces (upstream facts); the body schemas stay permissive otherwise. */
export const OBSERVABILITY_LIMITS = {
  nameMaxLength: 1024,
  tilesMax: 500,
  tagsMax: 50,
  tagMaxLength: 32,
  alertMessageMaxLength: 4096,
} as const;

const { nameMaxLength, tilesMax, tagsMax, tagMaxLength, alertMessageMaxLength } = OBSERVABILITY_LIMITS;

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(nameMaxLength, { error: `Name must be at most ${nameMaxLength} characters` });

/** Dashboard create/replace body; unknown fields pass through to the upstream, which owns their validation. */
export const dashboardBodySchema = z.looseObject({
  name: nameSchema,
  tags: z
    .array(z.string().max(tagMaxLength, { error: `A tag must be at most ${tagMaxLength} characters` }))
    .max(tagsMax, { error: `At most ${tagsMax} tags` })
    .optional(),
  tiles: z.array(z.looseObject({}), { error: 'Tiles must be a list' }).max(tilesMax, { error: `At most ${tilesMax} tiles` }),
});
export type DashboardBody = z.infer<typeof dashboardBodySchema>;

/** Alert create/replace body, loosely checked for now. */
export const alertBodySchema = z.looseObject({
  name: nameSchema.optional(),
  message: z.string().max(alertMessageMaxLength, { error: `Message must be at most ${alertMessageMaxLength} characters` }).optional(),
});
export type AlertBody = z.infer<typeof alertBodySchema>;
