/**
 * What the console keeps versions of. The kinds are path segments of the history API
 * (`/api/history/{kind}/{id}`), shared by the BFF and the pages.
 */
export const HISTORY_KINDS = [
  'dashboards',
  'alerts',
  'managed-dashboards',
  'managed-alerts',
  'pipes',
  'keys',
  'endpoints',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const isHistoryKind = (value: unknown): value is HistoryKind =>
  (HISTORY_KINDS as readonly unknown[]).includes(value);

/** Kinds whose delete through Sluice keeps them restorable from "Recently deleted". */
export const RESTORABLE_DELETED_KINDS = [
  'dashboards',
  'alerts',
  'managed-dashboards',
  'managed-alerts',
  'pipes',
] as const satisfies readonly HistoryKind[];

export const VERSION_SOURCES = ['sluice', 'outside', 'restore'] as const;
export type VersionSource = (typeof VERSION_SOURCES)[number];

/** One line of `GET /api/history/{kind}/{id}`. */
export interface VersionEntry {
  version: number;
  /** ISO-8601: when Sluice wrote it, or when it saw a change made outside. */
  at: string;
  /** The console user; null for a change seen outside Sluice. */
  author: string | null;
  source: VersionSource;
  summary: string;
  requestId: string | null;
  message?: string | null;
}

/** One line of `GET /api/history/deleted`. */
export interface DeletedEntry {
  kind: HistoryKind;
  id: string;
  name: string;
  deletedAt: string;
  deletedBy: string;
}

const KIND_NOUN: Record<HistoryKind, string> = {
  dashboards: 'dashboard',
  alerts: 'alert',
  'managed-dashboards': 'dashboard',
  'managed-alerts': 'alert',
  pipes: 'pipe',
  keys: 'API key',
  endpoints: 'private endpoint',
};

export const kindNoun = (kind: HistoryKind): string => KIND_NOUN[kind];

export const isDashboardKind = (kind: HistoryKind): boolean => kind === 'dashboards' || kind === 'managed-dashboards';
export const isAlertKind = (kind: HistoryKind): kind is 'alerts' | 'managed-alerts' =>
  kind === 'alerts' || kind === 'managed-alerts';

/** The kind of an audit log row's target (its `targetType`), for its History; null when it has none. */
const AUDIT_TARGET_KIND: Record<string, HistoryKind> = {
  Dashboard: 'dashboards',
  'Managed dashboard': 'managed-dashboards',
  Alert: 'alerts',
  'Managed alert': 'managed-alerts',
  Pipe: 'pipes',
  'API key': 'keys',
  'Private endpoint': 'endpoints',
};

export const historyKindOfAuditTarget = (targetType: string | null): HistoryKind | null =>
  targetType ? (AUDIT_TARGET_KIND[targetType] ?? null) : null;
