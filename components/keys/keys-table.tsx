'use client';

import { DateOnly, RelativeTime } from '@/components/format/timestamp';
import { Badge } from '@/components/ui/badge';
import { Tooltip } from '@/components/ui/tooltip';
import { ActionMenu } from '@/components/ui/action-menu';
import { ActionsCell, Table, tableClassNames } from '@/components/ui/table';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { KEY_ROLE_LABELS } from '@/lib/schemas/key-bounds';
import type { KeyRecord } from '@/lib/schemas/keys';
import { KeyExpiryCell } from './key-expiry-cell';
import styles from './keys.module.css';

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
    return (
      <Tooltip content="Sluice signs its cloud requests with this key: disabling, deleting or restricting it needs its name typed to confirm.">
        <Badge tone="warning" tabIndex={0}>
          Used by this console
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Tooltip
      content={`More than one key ends in …${suffix}, and the cloud shows no more of a key's id, so Sluice guards each of them as its own.`}
    >
      <Badge tone="warning" tabIndex={0}>
        Maybe used by this console
      </Badge>
    </Tooltip>
  );
}

export function KeysTable({ keys, now, consoleKeyIds, onAction }: KeysTableProps) {
  const ambiguous = (consoleKeyIds?.size ?? 0) > 1;
  return (
    <Table label="API keys">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">State</th>
          <th scope="col">Roles</th>
          <th scope="col">Expires</th>
          <th scope="col">Last used</th>
          <th scope="col">Created</th>
          {onAction && (
            <th scope="col" className={tableClassNames.actions}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id}>
            <th scope="row" className={styles.nameCell}>
              <span className={tableClassNames.name}>{key.name}</span>
              <span className={styles.meta}>
                <span className={styles.mono}>
                  <VisuallyHidden>Key ID ending </VisuallyHidden>…{key.keySuffix}
                </span>
                {consoleKeyIds?.has(key.id) && <ConsoleKeyBadge ambiguous={ambiguous} suffix={key.keySuffix} />}
                {key.ipAccessList.length > 0 && <span>{accessSummary(key)}</span>}
              </span>
            </th>
            <td>
              {key.state === 'enabled' ? (
                <Badge tone="success" dot>
                  Enabled
                </Badge>
              ) : (
                <Badge tone="neutral" dot>
                  Disabled
                </Badge>
              )}
            </td>
            <td>
              <span className={styles.roles}>
                {key.roles.map((role) => (
                  <Badge key={role} tone="accent">
                    {KEY_ROLE_LABELS[role] ?? role}
                  </Badge>
                ))}
              </span>
            </td>
            <td className={tableClassNames.nowrap}>
              <KeyExpiryCell expireAt={key.expireAt} now={now} />
            </td>
            <td className={tableClassNames.nowrap}>
              {key.usedAt ? <RelativeTime value={key.usedAt} now={now} /> : <span className={styles.muted}>Never</span>}
            </td>
            <td className={tableClassNames.nowrap}>
              <DateOnly value={key.createdAt} />
            </td>
            {onAction && (
              <ActionsCell>
                <ActionMenu
                  label={`Actions for ${key.name}`}
                  items={[
                    { label: 'Edit', onSelect: () => onAction('edit', key) },
                    { label: key.state === 'disabled' ? 'Enable' : 'Disable', onSelect: () => onAction('toggle', key) },
                    { label: 'Delete', onSelect: () => onAction('delete', key), danger: true },
                  ]}
                />
              </ActionsCell>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
