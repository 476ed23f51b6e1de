'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import { describeApiError } from '@/lib/api/error-message';
import { useRuleDeleteMutation } from '@/lib/api/notification-settings/use-rule-delete-mutation';
import { useRuleUpdateMutation } from '@/lib/api/notification-settings/use-rule-update-mutation';
import { RULE_EVENT_LABELS, THRESHOLD_UNITS, type ChannelView, type RuleView } from '@/lib/schemas/notifications';
import styles from './notifications.module.css';

type Update = ReturnType<typeof useRuleUpdateMutation>;
type Remove = ReturnType<typeof useRuleDeleteMutation>;

function whenText(rule: RuleView): string {
  const unit = THRESHOLD_UNITS[rule.event];
  return `${RULE_EVENT_LABELS[rule.event]}${unit && rule.threshold !== undefined ? `: ${rule.threshold} ${unit}` : ''}${
    rule.forMinutes > 0 ? `, for ${rule.forMinutes} min` : ''
  }`;
}

function scopeText(rule: RuleView): string {
  if (rule.scope?.pipeIds?.length) return `${rule.scope.pipeIds.length} pipe(s)`;
  if (rule.scope?.serviceIds?.length) return `${rule.scope.serviceIds.length} service(s)`;
  return 'All pipes';
}

function ruleColumns(channels: readonly ChannelView[], update: Update, remove: Remove): ColumnDef<RuleView, unknown>[] {
  // A change's pending state and error belong to the rule it was asked for.
  const updating = (rule: RuleView) => update.variables?.id === rule.id;
  const removing = (rule: RuleView) => remove.variables === rule.id;
  const names = (rule: RuleView) =>
    rule.channelIds.map((id) => channels.find((channel) => channel.id === id)?.name ?? 'a deleted channel').join(', ');
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (rule) => rule.name,
      meta: { phone: true },
      cell: ({ row: { original: rule } }) => {
        const error = (updating(rule) && update.error) || (removing(rule) && remove.error);
        return (
          <>
            <strong>{rule.name}</strong>
            {error && (
              <div className={styles.testResult} role="alert">
                {describeApiError(error)}
              </div>
            )}
          </>
        );
      },
    },
    { id: 'when', header: 'When', accessorFn: whenText },
    { id: 'scope', header: 'Scope', accessorFn: scopeText, meta: { className: styles.meta } },
    { id: 'channels', header: 'Sends to', accessorFn: names, meta: { className: styles.meta } },
    {
      id: 'actions',
      header: () => <span className={styles.meta}>Actions</span>,
      enableSorting: false,
      meta: { phone: true, label: 'Actions', className: tableClassNames.actions },
      cell: ({ row: { original: rule } }) => (
        <div className={tableClassNames.actionsInner}>
          <Button
            size="sm"
            loading={update.isPending && updating(rule)}
            onClick={() => update.mutate({ id: rule.id, enabled: !rule.enabled })}
            aria-label={`${rule.enabled ? 'Turn off' : 'Turn on'} ${rule.name}`}
          >
            {rule.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button
            size="sm"
            variant="dangerGhost"
            loading={remove.isPending && removing(rule)}
            onClick={() => remove.mutate(rule.id)}
            aria-label={`Delete ${rule.name}`}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];
}

export function RulesTable({ rules, channels }: { rules: readonly RuleView[]; channels: readonly ChannelView[] }) {
  const update = useRuleUpdateMutation();
  const remove = useRuleDeleteMutation();
  const columns = useMemo(() => ruleColumns(channels, update, remove), [channels, update, remove]);
  return <DataTable label="Notification rules" data={rules} columns={columns} getRowId={(rule) => rule.id} />;
}
