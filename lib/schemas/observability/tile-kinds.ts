/**
 * What a tile can show (the README's upstream facts), zod-free so display code can use it without
 * schema code in its bundle. `series` tiles carry time (line or stacked bar), number, table,
 * search and markdown; `config` tiles add pie, bar, heatmap and event patterns.
 */

export const TIME_DISPLAY_TYPES = ['line', 'stacked_bar'] as const;
export type TimeDisplayType = (typeof TIME_DISPLAY_TYPES)[number];

export const SORT_ORDERS = ['desc', 'asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The display types of a tile, as the config form names them. */
export const DISPLAY_TYPES = [
  'line',
  'stacked_bar',
  'number',
  'table',
  'pie',
  'bar',
  'heatmap',
  'search',
  'markdown',
] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number];

export const DISPLAY_TYPE_LABELS: Record<DisplayType, string> = {
  line: 'Line chart',
  stacked_bar: 'Stacked bars',
  number: 'Number',
  table: 'Table',
  pie: 'Pie chart',
  bar: 'Bar chart (by group)',
  heatmap: 'Heatmap',
  search: 'Latest events',
  markdown: 'Note (Markdown)',
};

/** Display types only the config form carries: the editor writes such tiles in that form. */
export const CONFIG_ONLY_DISPLAY_TYPES: readonly DisplayType[] = ['pie', 'bar', 'heatmap'];

/** Upstream's limits: a markdown series holds 100,000 characters, a markdown config 50,000. */
export const MARKDOWN_MAX_LENGTH = { series: 100_000, config: 50_000 } as const;
export const SAVED_QUERY_MAX_LENGTH = 10_000;
export const VARIABLE_NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]*$/;
/** Tile ids are the server's: object ids or UUIDs here, short generated ids from the app itself (≤ 36 characters). */
export const TILE_ID_PATTERN = /^[A-Za-z0-9_-]{1,36}$/;
