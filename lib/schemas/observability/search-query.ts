// zod/mini: the same schema checks the BFF route's body and the query a search tile builds.
import * as z from 'zod/mini';
import { objectIdSchema } from '../ids';
import { WHERE_LANGUAGES } from './layout-bounds';

/** `POST /api/v2/search` of the open-source surface (the README's upstream facts). */
export const SEARCH_LIMITS = {
  maxResults: 2000,
  offsetMax: 10_000,
  whereMaxLength: 8192,
  selectMaxLength: 4096,
} as const;

const isoTime = (name: string) =>
  z
    .string({ error: `${name} must be an ISO 8601 time` })
    .check(z.refine((v) => !Number.isNaN(Date.parse(v)), { error: `${name} must be an ISO 8601 time` }));

export const searchQuerySchema = z
  .object({
    sourceId: objectIdSchema,
    startTime: z.optional(isoTime('startTime')),
    endTime: z.optional(isoTime('endTime')),
    where: z.optional(
      z.string().check(
        z.maxLength(SEARCH_LIMITS.whereMaxLength, {
          error: `where must be at most ${SEARCH_LIMITS.whereMaxLength} characters`,
        }),
      ),
    ),
    whereLanguage: z.optional(z.enum(WHERE_LANGUAGES, { error: 'whereLanguage must be lucene or sql' })),
    select: z.optional(
      z.string().check(
        z.maxLength(SEARCH_LIMITS.selectMaxLength, {
          error: `select must be at most ${SEARCH_LIMITS.selectMaxLength} characters`,
        }),
      ),
    ),
    orderBy: z.optional(z.string().check(z.maxLength(1024))),
    maxResults: z.optional(
      z
        .int({ error: 'maxResults must be a whole number' })
        .check(
          z.gte(1),
          z.lte(SEARCH_LIMITS.maxResults, { error: `maxResults must be at most ${SEARCH_LIMITS.maxResults}` }),
        ),
    ),
    offset: z.optional(
      z
        .int({ error: 'offset must be a whole number' })
        .check(
          z.gte(0),
          z.lte(SEARCH_LIMITS.offsetMax, { error: `offset must be at most ${SEARCH_LIMITS.offsetMax}` }),
        ),
    ),
  })
  .check(
    z.superRefine((query, ctx) => {
      if (query.startTime && query.endTime && Date.parse(query.startTime) >= Date.parse(query.endTime)) {
        ctx.addIssue({
          code: 'custom',
          path: ['endTime'],
          message: 'endTime must be after startTime',
          input: query.endTime,
        });
      }
    }),
  );
export type SearchQuery = z.infer<typeof searchQuerySchema>;
/** A search as a tile keeps it: the dashboard's range gives the times at each read. */
export type SearchQueryWithoutTimes = Omit<SearchQuery, 'startTime' | 'endTime'>;

export interface SearchResponse {
  data: Record<string, unknown>[];
  rows?: number;
}
