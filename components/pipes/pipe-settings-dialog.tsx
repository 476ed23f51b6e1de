'use client';

import { useMemo } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { usePipeSettingsMutation } from '@/lib/api/pipes/use-pipe-settings-mutation';
import { SETTINGS_BOUNDS, settingsSchemaFor, type PipeKind, type PipeRecord } from '@/lib/schemas/pipes';
import { PipeTuningForm } from './pipe-tuning-form';
import { SETTING_GROUP_LABELS, settingGroupsFor, settingLabel } from './pipe-tuning';

export interface PipeSettingsDialogProps {
  pipe: PipeRecord | null;
  kind: PipeKind | undefined;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  serviceId: string;
}

export function PipeSettingsDialog({ pipe, kind, onOpenChange, organizationId, serviceId }: PipeSettingsDialogProps) {
  return (
    <Dialog
      open={pipe !== null}
      onOpenChange={onOpenChange}
      title="Edit settings"
      description={
        pipe ? `${pipe.name}. Empty fields are not sent; settings you leave empty keep their current value.` : undefined
      }
      wide
    >
      {pipe && kind && (
        <PipeSettingsForm
          pipe={pipe}
          kind={kind}
          organizationId={organizationId}
          serviceId={serviceId}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function PipeSettingsForm({
  pipe,
  kind,
  organizationId,
  serviceId,
  onDone,
}: {
  pipe: PipeRecord;
  kind: PipeKind;
  organizationId: string;
  serviceId: string;
  onDone: () => void;
}) {
  const updateSettings = usePipeSettingsMutation(organizationId, serviceId, pipe.id);
  const schema = useMemo(() => settingsSchemaFor(kind), [kind]);
  const groups = settingGroupsFor(kind).map(({ group, keys }) => ({ title: SETTING_GROUP_LABELS[group], keys }));
  return (
    <PipeTuningForm
      groups={groups}
      boundsOf={(key) => SETTINGS_BOUNDS[key]}
      labelOf={settingLabel}
      descriptionOf={(key) => SETTINGS_BOUNDS[key].hint}
      schema={schema}
      current={pipe.settings}
      submitLabel="Save settings"
      pending={updateSettings.isPending}
      onSave={(body, fail) => updateSettings.mutate(body, { onSuccess: onDone, onError: fail })}
      onNothingChanged={onDone}
    />
  );
}
