import { z } from 'zod';

/**
 * Dashboard fields beside name, tags and tiles (the README's upstream facts): drop-down filters,
 * the default search (`savedQuery`), the filters' default values and tile containers.
 */

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const objectId = z.string().refine((v) => OBJECT_ID.test(v), { error: 'Invalid ObjectId' });
const whereLanguage = z.enum(['sql', 'lucene']);
export const VARIABLE_NAME = /^[a-zA-Z][a-zA-Z0-9_]*$/;

const filterShape = {
  type: z.literal('QUERY_EXPRESSION'),
  name: z.string().min(1),
  expression: z.string().min(1),
  sourceId: objectId,
  sourceMetricType: z.enum(['sum', 'gauge', 'histogram', 'summary', 'exponential histogram']).optional(),
  where: z.string().optional(),
  whereLanguage: whereLanguage.optional(),
  appliesToSourceIds: z.array(objectId).optional(),
  isBroadcastEnabled: z.boolean().optional(),
  isVariableEnabled: z.boolean().optional(),
  variableName: z
    .string()
    .max(64)
    .regex(VARIABLE_NAME, { error: 'Must start with a letter and contain only letters, numbers and underscores' })
    .optional(),
};

type FilterInput = z.infer<z.ZodObject<typeof filterShape>> & { id?: string };

function filterRules(filter: FilterInput, ctx: z.RefinementCtx): void {
  if (filter.isBroadcastEnabled === false && filter.appliesToSourceIds?.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['appliesToSourceIds'],
      message: 'appliesToSourceIds requires isBroadcastEnabled',
    });
  }
  if (filter.variableName !== undefined && filter.isVariableEnabled !== true) {
    ctx.addIssue({ code: 'custom', path: ['variableName'], message: 'variableName requires isVariableEnabled' });
  }
  if (filter.isVariableEnabled === true && filter.variableName === undefined && !derivedVariableName(filter.name)) {
    ctx.addIssue({
      code: 'custom',
      path: ['variableName'],
      message: 'variableName is required when the filter name yields no usable variable name',
    });
  }
}

/** The service's default: the display name with whitespace as underscores and other illegal characters removed. */
export function derivedVariableName(name: string): string | undefined {
  const candidate = name
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^a-zA-Z0-9_]/g, '')
    .replace(/^[^a-zA-Z]+/, '')
    .slice(0, 64);
  return VARIABLE_NAME.test(candidate) ? candidate : undefined;
}

/** Create bodies send filters without ids; replace bodies with them (an id no longer stored gets a new one). */
export const filterInputSchema = z.strictObject(filterShape).superRefine(filterRules);
export const filterWithIdSchema = z.strictObject({ ...filterShape, id: z.string().min(1) }).superRefine(filterRules);

const containerId = z.string().min(1).max(256);
export const containerSchema = z.object({
  id: containerId,
  title: z.string().min(1).max(256),
  collapsed: z.boolean(),
  collapsible: z.boolean().optional(),
  bordered: z.boolean().optional(),
  tabs: z
    .array(z.object({ id: containerId, title: z.string().min(1).max(256) }))
    .max(20)
    .optional(),
});

export const savedFilterValueSchema = z.object({
  type: z.literal('sql').optional().default('sql'),
  condition: z.string().max(10_000),
});

export function dashboardExtrasShape(filter: typeof filterInputSchema | typeof filterWithIdSchema) {
  return {
    filters: z.array(filter).optional(),
    savedQuery: z.string().nullable().optional(),
    savedQueryLanguage: whereLanguage.nullable().optional(),
    savedFilterValues: z.array(savedFilterValueSchema).optional(),
    containers: z.array(containerSchema).max(50).optional(),
  };
}

interface ExtrasInput {
  filters?: FilterInput[];
  savedQuery?: string | null;
  savedQueryLanguage?: 'sql' | 'lucene' | null;
  tiles: { containerId?: string; tabId?: string }[];
  containers?: z.infer<typeof containerSchema>[];
}

/** Rules that span fields: the saved query's language, unique variable names, tiles' containers and tabs. */
export function dashboardExtrasRules(body: ExtrasInput, ctx: z.RefinementCtx): void {
  if (body.savedQuery != null && body.savedQueryLanguage === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['savedQueryLanguage'],
      message: 'savedQueryLanguage cannot be null when savedQuery is provided',
    });
  }
  const names = new Set<string>();
  body.filters?.forEach((filter, i) => {
    if (filter.isVariableEnabled !== true) return;
    const name = filter.variableName ?? derivedVariableName(filter.name);
    if (!name) return;
    if (names.has(name))
      ctx.addIssue({
        code: 'custom',
        path: ['filters', i, 'variableName'],
        message: `Variable name "${name}" is already used by another filter`,
      });
    names.add(name);
  });
  const containers = new Map((body.containers ?? []).map((c) => [c.id, c]));
  body.tiles.forEach((tile, i) => {
    if (tile.containerId !== undefined && !containers.has(tile.containerId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['tiles', i, 'containerId'],
        message: 'Container not found on the dashboard',
      });
    }
    if (tile.tabId === undefined) return;
    const container = tile.containerId === undefined ? undefined : containers.get(tile.containerId);
    if (tile.containerId === undefined)
      ctx.addIssue({ code: 'custom', path: ['tiles', i, 'tabId'], message: 'tabId requires containerId' });
    else if (container && !container.tabs?.some((tab) => tab.id === tile.tabId)) {
      ctx.addIssue({ code: 'custom', path: ['tiles', i, 'tabId'], message: 'Tab not found in the container' });
    }
  });
}
