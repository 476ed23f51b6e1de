import * as z from 'zod/mini';

/** `POST /api/history/{kind}/{id}/restore`: which version; `asNew` restores it as a new object (the original is gone). */
export const restoreBodySchema = z.object({
  version: z
    .int({ error: 'The version must be a whole number' })
    .check(z.minimum(1, { error: 'The version must be 1 or more' })),
  asNew: z.optional(z.boolean({ error: 'asNew must be true or false' })),
});
export type RestoreBody = z.infer<typeof restoreBodySchema>;
