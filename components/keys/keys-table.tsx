'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DateOnly, RelativeTime } from '@/components/format/timestamp';
import { Badge } from '@/components/ui/badge';
import { loadedLater } from '@/components/ui/loaded-later';
import { ActionMenu } from '@/components/ui/action-menu';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { KEY_ROLE_LABELS } from '@/lib/schemas/key-bounds';
import type { KeyRecord } from '@/lib/schemas/keys';
import { KeyExpiryCell } from './key-expiry-cell';
import styles from './keys.module.css';

// Radix's tooltip and its positioning code (~12 KB gzip) arrive after the list; the badge shows at once.
const Tooltip = loadedLater(() => import('@/components/ui/tooltip').then((m) => m.Tooltip));

export type KeyAction = 'edit' | 'toggle' | 'delete';

export interface KeysTableProps {
  keys: KeyRecord[];
  now: number;
  /** Keys the console signs with: one, or every key sharing its id's last 4 characters. */
  consoleKeyIds?: ReadonlySet<string>;
  /** Absent for roles that may not change keys: the action column is then left out. */
  onAction?: (action: KeyAction, key: KeyRecord) => void;
}

/** Shown only for restricted keys; a key with an empty list is usable from anywhere. */
function accessSummary(key: KeyRecord): string {
  const count = key.ipAccessList.length;
  return count === 1 ? `Only from ${key.ipAccessList[0]?.source}` : `Only from ${count} addresses`;
}

function ConsoleKeyBadge({ ambiguous, suffix }: { ambiguous: boolean; suffix: string }) {
  if (!ambiguous) {
    const badge = (
      <Badge tone="warning" tabIndex={0}>
        Used by this console
      </Badge>
    );
    return (
      <Tooltip
        content="Sluice signs its cloud requests with this key: disabling, deleting or restricting it needs its name typed to confirm."
        fallback={badge}
      >
        {badge}
      </Tooltip>
    );
  }
  const badge = (
    <Badge tone="warning" tabIndex={0}>
      Maybe used by this console
    </Badge>
  );
  return (
    <Tooltip
      content={`More than one key ends in …${suffix}, and the cloud shows no more of a key's id, so Sluice guards each of them as its own.`}
      fallback={badge}
    >
      {badge}
    </Tooltip>
  );
}

function keyColumns(
  now: number,
  consoleKeyIds: ReadonlySet<string> | undefined,
  onAction: KeysTableProps['onAction'],
): ColumnDef<KeyRecord, unknown>[] {
  const ambiguous = (consoleKeyIds?.size ?? 0) > 1;
  const columns: ColumnDef<KeyRecord, unknown>[] = [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (key) => key.name,
      meta: { phone: true, rowHeader: true, className: styles.nameCell, alwaysShown: true },
      cell: ({ row: { original: key } }) => (
        <>
          <span className={tableClassNames.name}>{key.name}</span>
          <span className={styles.meta}>
            <span className={styles.mono}>
              <VisuallyHidden>Key ID ending </VisuallyHidden>…{key.keySuffix}
            </span>
            {consoleKeyIds?.has(key.id) && <ConsoleKeyBadge ambiguous={ambiguous} suffix={key.keySuffix} />}
            {key.ipAccessList.length > 0 && <span>{accessSummary(key)}</span>}
          </span>
        </>
      ),
    },
    {
      id: 'state',
      header: 'State',
      accessorFn: (key) => key.state,
      meta: { phone: true },
      cell: ({ row: { original: key } }) =>
        key.state === 'enabled' ? (
          <Badge tone="success" dot>
            Enabled
          </Badge>
        ) : (
          <Badge tone="neutral" dot>
            Disabled
          </Badge>
        ),
    },
    {
      id: 'roles',
      header: 'Roles',
      accessorFn: (key) => key.roles.map((role) => KEY_ROLE_LABELS[role] ?? role).join(', '),
      cell: ({ row: { original: key } }) => (
        <span className={styles.roles}>
          {key.roles.map((role) => (
            <Badge key={role} tone="accent">
              {KEY_ROLE_LABELS[role] ?? role}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      id: 'expires',
      header: 'Expires',
      accessorFn: (key) => timeOf(key.expireAt),
      sortUndefined: 'last',
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: key } }) => <KeyExpiryCell expireAt={key.expireAt} now={now} />,
    },
    {
      id: 'used',
      header: 'Last used',
      accessorFn: (key) => timeOf(key.usedAt),
      sortUndefined: 'last',
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: key } }) =>
        key.usedAt ? <RelativeTime value={key.usedAt} now={now} /> : <span className={styles.muted}>Never</span>,
    },
    {
      id: 'created',
      header: 'Created',
      accessorFn: (key) => timeOf(key.createdAt),
      sortUndefined: 'last',
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: key } }) => <DateOnly value={key.createdAt} />,
    },
  ];
  if (!onAction) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      meta: { phone: true, headerHidden: true, alwaysShown: true, className: tableClassNames.actions },
      cell: ({ row: { original: key } }) => (
        <div className={tableClassNames.actionsInner}>
          <ActionMenu
            label={`Actions for ${key.name}`}
            items={[
              { label: 'Edit', onSelect: () => onAction('edit', key) },
              { label: key.state === 'disabled' ? 'Enable' : 'Disable', onSelect: () => onAction('toggle', key) },
              { label: 'Delete', onSelect: () => onAction('delete', key), danger: true },
            ]}
          />
        </div>
      ),
    },
  ];
}

const timeOf = (value: string | null | undefined) => (value ? Date.parse(value) : undefined);

export function KeysTable({ keys, now, consoleKeyIds, onAction }: KeysTableProps) {
  const columns = useMemo(() => keyColumns(now, consoleKeyIds, onAction), [now, consoleKeyIds, onAction]);
  return <DataTable label="API keys" data={keys} columns={columns} getRowId={(key) => key.id} />;
}
