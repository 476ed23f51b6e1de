import { compareObjects, type Comparison, type FieldChange, type TileChange } from './diff';

/**
 * One line, in a person's words, of what a change did ("added tile 'Errors by host'; moved 3
 * tiles; renamed to 'API latency'"). Used by the History panel and by the audit log's changes.
 */

const MAX_VALUE = 40;

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  const text =
    typeof value === 'string'
      ? `'${value}'`
      : Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? value.join(', ') || 'none'
        : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** Field paths a person knows by another name. */
const LABELS: Record<string, string> = {
  tags: 'tags',
  filters: 'filters',
  savedQuery: 'default filter',
  savedQueryLanguage: 'default filter language',
  savedFilterValues: 'saved filter values',
  fieldMappings: 'field mappings',
  ipAccessList: 'IP access list',
  expireAt: 'expiry',
  roles: 'roles',
  threshold: 'threshold',
  thresholdType: 'threshold direction',
  interval: 'interval',
  message: 'message',
  channel: 'notification channel',
  channels: 'notification channels',
  tileId: 'alerted tile',
  dashboardId: 'dashboard',
  description: 'description',
  'scaling.replicas': 'replicas',
  'scaling.replicaCpuMillicores': 'CPU per replica',
  'scaling.replicaMemoryGb': 'memory per replica',
  'scaling.concurrency': 'concurrency',
};

/** Values worth quoting (short, safe); others are only named. */
const QUOTED = /^(?:threshold|thresholdType|interval|scaling\..+|settings\..+|roles|expireAt|description|tileId)$/;

function labelOf(path: string): string {
  if (LABELS[path]) return LABELS[path];
  if (path.startsWith('settings.')) return `setting ${path.slice('settings.'.length)}`;
  return path.replaceAll('.', ' ');
}

function fieldPhrase(change: FieldChange): string {
  if (change.path === 'name') return `renamed to ${shown(change.after)}`;
  if (change.path === 'runState') return change.after === 'stopped' ? 'stopped' : 'started';
  if (change.path === 'state' && (change.after === 'enabled' || change.after === 'disabled')) return change.after;
  const label = labelOf(change.path);
  if (QUOTED.test(change.path)) return `${label} ${shown(change.before)} → ${shown(change.after)}`;
  if (change.before === undefined) return `set ${label}`;
  if (change.after === undefined) return `removed ${label}`;
  return `changed ${label}`;
}

function names(tiles: TileChange[]): string {
  return tiles.length <= 2 ? tiles.map((tile) => `'${tile.name}'`).join(' and ') : `${tiles.length} tiles`;
}

function tilePhrases(tiles: TileChange[]): string[] {
  const of = (kind: TileChange['change']) => tiles.filter((tile) => tile.change === kind);
  const phrases: string[] = [];
  const added = of('added');
  const removed = of('removed');
  const edited = of('edited');
  const moved = tiles.filter((tile) => tile.change === 'moved' || tile.moved);
  if (added.length) phrases.push(added.length <= 2 ? `added tile ${names(added)}` : `added ${added.length} tiles`);
  if (removed.length)
    phrases.push(removed.length <= 2 ? `removed tile ${names(removed)}` : `removed ${removed.length} tiles`);
  if (edited.length)
    phrases.push(edited.length <= 2 ? `edited tile ${names(edited)}` : `edited ${edited.length} tiles`);
  if (moved.length) phrases.push(moved.length === 1 ? `moved tile '${moved[0]!.name}'` : `moved ${moved.length} tiles`);
  return phrases;
}

/** Settings are many and alike: more than two changed become one phrase. */
function fieldPhrases(fields: FieldChange[]): string[] {
  const settings = fields.filter((change) => change.path.startsWith('settings.'));
  const rest = fields.filter((change) => !change.path.startsWith('settings.'));
  const phrases = rest.map(fieldPhrase);
  if (settings.length > 2) phrases.push(`changed ${settings.length} settings`);
  else phrases.push(...settings.map(fieldPhrase));
  return [...new Set(phrases)];
}

export function summarizeComparison(comparison: Comparison): string {
  const renamed = comparison.fields.filter((change) => change.path === 'name');
  const others = comparison.fields.filter((change) => change.path !== 'name');
  // The tiles first (what a dashboard's editor sees), the rename last, as people tell it.
  const phrases = [...tilePhrases(comparison.tiles), ...fieldPhrases(others), ...renamed.map(fieldPhrase)];
  return phrases.length > 0 ? phrases.join('; ') : 'no changes';
}

/** `before` null: the object is new to the history. */
export function summarizeChange(before: unknown, after: unknown): string {
  if (before === null || before === undefined) return 'created';
  return summarizeComparison(compareObjects(before, after));
}
