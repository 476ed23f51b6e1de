'use client';

import { schemaResolver } from '@/components/ui/schema-resolver';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { FormError } from '@/components/ui/form-error';
import { Notice } from '@/components/ui/notice';
import { NumberField } from '@/components/ui/number-field';
import { Panel } from '@/components/ui/panel';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { useCdcScalingMutation } from '@/lib/api/scaling/use-cdc-scaling-mutation';
import { CDC_SCALING_LIMITS, cdcScalingSchema, memoryForCpu, type CdcScaling } from '@/lib/schemas/scaling';
import { coresToMillicores, formatCores, formatMemory, millicoresToCores, scalingSummary } from './scaling-format';
import styles from './scaling.module.css';

const { cpuMillicores, memoryGbPerCore } = CDC_SCALING_LIMITS;
const CORE_BOUNDS = {
  min: millicoresToCores(cpuMillicores.min),
  max: millicoresToCores(cpuMillicores.max),
  step: millicoresToCores(cpuMillicores.step),
};

const SCALING_FIELDS = ['replicaCpuMillicores', 'replicaMemoryGb'] as const;

export interface ScalingFormProps {
  organizationId: string;
  serviceId: string;
  current: CdcScaling;
}

/**
 * One field, CPU cores; memory follows at the fixed ratio. The form holds the request's own
 * fields (millicores, GB), so the schema's messages land on the field that shows them.
 */
export function ScalingForm({ organizationId, serviceId, current }: ScalingFormProps) {
  const titleId = useId();
  const memoryErrorId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const updateScaling = useCdcScalingMutation(organizationId, serviceId);
  const form = useForm<CdcScaling>({
    resolver: schemaResolver(cdcScalingSchema),
    // One bounded field with live derived values: say at once when a value is out of bounds.
    mode: 'onChange',
    values: current,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;
  const millicores = useWatch({ control: form.control, name: 'replicaCpuMillicores' });
  const summary = scalingSummary(millicores);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    setSaved(null);
    updateScaling.mutate(values, {
      onSuccess: (result) => {
        const applied = result ?? values;
        form.reset(applied);
        setSaved(`Saved: ${formatCores(applied.replicaCpuMillicores)} and ${formatMemory(applied.replicaMemoryGb)}.`);
      },
      onError: (error) => setFormError(applyApiErrorToForm(error, form.setError, SCALING_FIELDS)),
    });
  });

  return (
    <Panel
      title="Change allocation"
      description={`Choose the CPU; memory follows at ${memoryGbPerCore} GB per core.`}
      titleId={titleId}
    >
      <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
        <FormError message={formError} />
        <Controller
          control={form.control}
          name="replicaCpuMillicores"
          render={({ field, fieldState }) => (
            <NumberField
              label="CPU cores"
              name={field.name}
              ref={field.ref}
              value={Number.isFinite(field.value) ? millicoresToCores(field.value) : undefined}
              onChange={(cores) => {
                setSaved(null);
                const next = coresToMillicores(cores);
                field.onChange(next ?? Number.NaN);
                form.setValue('replicaMemoryGb', next === undefined ? Number.NaN : memoryForCpu(next), {
                  shouldDirty: true,
                });
              }}
              onBlur={field.onBlur}
              min={CORE_BOUNDS.min}
              max={CORE_BOUNDS.max}
              step={CORE_BOUNDS.step}
              unit="cores"
              error={fieldState.error?.message}
            />
          )}
        />
        <dl className={styles.derived}>
          <dt>Memory</dt>
          <dd>
            <output>{summary ? summary.memory : '—'}</output>
          </dd>
          <dt>Compute units</dt>
          <dd>
            <output>{summary ? summary.units : '—'}</output>
          </dd>
        </dl>
        {!errors.replicaCpuMillicores && <FieldError id={memoryErrorId} message={errors.replicaMemoryGb?.message} />}
        <div role="status">{saved && <Notice tone="success">{saved}</Notice>}</div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={updateScaling.isPending} disabled={!isDirty}>
            Save scaling
          </Button>
          {isDirty && (
            <Button
              onClick={() => {
                form.reset(current);
                setFormError(null);
              }}
              disabled={updateScaling.isPending}
            >
              Reset
            </Button>
          )}
        </div>
      </form>
    </Panel>
  );
}
