'use client';

import { useMemo } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { usePipeScalingMutation } from '@/lib/api/pipes/use-pipe-scaling-mutation';
import {
  SCALING_BOUNDS,
  scalingSchemaFor,
  type PipeKind,
  type PipeRecord,
  type PipeScaling,
  type ScalingKey,
} from '@/lib/schemas/pipes';
import { PipeTuningForm } from './pipe-tuning-form';
import { scalingKeysFor, scalingLabel } from './pipe-editability';

export interface PipeScalingDialogProps {
  pipe: PipeRecord | null;
  kind: PipeKind | undefined;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  serviceId: string;
}

export function PipeScalingDialog({ pipe, kind, onOpenChange, organizationId, serviceId }: PipeScalingDialogProps) {
  return (
    <Dialog open={pipe !== null} onOpenChange={onOpenChange} title="Edit scaling" description={pipe?.name} wide>
      {pipe && kind && kind !== 'postgres' && (
        <PipeScalingForm
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

/** Only the deprecated field needs words beyond its label and bounds. */
const describeScaling = (key: ScalingKey) => (key === 'concurrency' ? SCALING_BOUNDS.concurrency.hint : undefined);

function PipeScalingForm({
  pipe,
  kind,
  organizationId,
  serviceId,
  onDone,
}: {
  pipe: PipeRecord;
  kind: Exclude<PipeKind, 'postgres'>;
  organizationId: string;
  serviceId: string;
  onDone: () => void;
}) {
  const updateScaling = usePipeScalingMutation(organizationId, serviceId, pipe.id);
  const schema = useMemo(() => scalingSchemaFor(kind), [kind]);
  const keys = scalingKeysFor(kind);
  return (
    <PipeTuningForm
      groups={[{ keys }]}
      boundsOf={(key) => SCALING_BOUNDS[key]}
      labelOf={scalingLabel}
      descriptionOf={describeScaling}
      schema={schema}
      current={pipe.scaling}
      submitLabel="Save scaling"
      pending={updateScaling.isPending}
      intro={
        kind === 'objectStorage' ? (
          <Notice tone="neutral">
            CPU and memory per replica apply only to streaming pipes; an object-storage pipe scales by its replicas.
          </Notice>
        ) : undefined
      }
      onSave={(body, fail) => updateScaling.mutate(body as PipeScaling, { onSuccess: onDone, onError: fail })}
      onNothingChanged={onDone}
    />
  );
}
