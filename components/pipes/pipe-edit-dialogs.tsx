'use client';

import type { PipeKind, PipeRecord } from '@/lib/schemas/pipes';
import { KafkaConnectionDialog } from './kafka-connection-dialog';
import { PipeScalingDialog } from './pipe-scaling-dialog';
import { PipeSettingsDialog } from './pipe-settings-dialog';

export type PipeEditTarget = 'scaling' | 'settings' | 'connection';

export interface PipeEditDialogsProps {
  pipe: PipeRecord;
  kind: PipeKind | undefined;
  /** The dialog open now, if any. */
  editing: PipeEditTarget | null;
  onClose: () => void;
  organizationId: string;
  serviceId: string;
  /** Why a Kafka pipe's other fields cannot change, as the page words it. */
  kafkaExplanation: string;
}

/** The edit dialogs of the detail page, loaded together after the page as one chunk. */
export function PipeEditDialogs({
  pipe,
  kind,
  editing,
  onClose,
  organizationId,
  serviceId,
  kafkaExplanation,
}: PipeEditDialogsProps) {
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  const ids = { organizationId, serviceId };
  return (
    <>
      <PipeScalingDialog pipe={editing === 'scaling' ? pipe : null} kind={kind} onOpenChange={onOpenChange} {...ids} />
      <PipeSettingsDialog
        pipe={editing === 'settings' ? pipe : null}
        kind={kind}
        onOpenChange={onOpenChange}
        {...ids}
      />
      {kind === 'kafka' && (
        <KafkaConnectionDialog
          pipe={editing === 'connection' ? pipe : null}
          onOpenChange={onOpenChange}
          explanation={kafkaExplanation}
          {...ids}
        />
      )}
    </>
  );
}
