import type { HistoryKind } from '@/lib/history/kinds';

/** Query keys of the history of versioned objects; every key starts with `historyKeys.all`. */
export const historyKeys = {
  all: ['history'] as const,
  object: (kind: HistoryKind, id: string) => [...historyKeys.all, kind, id] as const,
  list: (kind: HistoryKind, id: string) => [...historyKeys.object(kind, id), 'list'] as const,
  version: (kind: HistoryKind, id: string, version: number) =>
    [...historyKeys.object(kind, id), 'version', version] as const,
  deleted: () => [...historyKeys.all, 'deleted'] as const,
  code: (kind: HistoryKind, id: string) => [...historyKeys.object(kind, id), 'terraform'] as const,
};

export const historyPath = (kind: HistoryKind, id: string, ...rest: string[]) =>
  `/api/history/${encodeURIComponent(kind)}/${encodeURIComponent(id)}${rest.map((part) => `/${encodeURIComponent(part)}`).join('')}`;
