'use client';

/**
 * `AlertFormDialog`: create or edit an alert on a dashboard tile, on either surface.
 *   surface        'oss' | 'managed'
 *   open, onOpenChange
 *   alert?         the alert to edit (full replace); absent or null: create
 *   dashboardId?, tileId?, tileName?   from a tile ("Alert on this tile"): the target is fixed;
 *                  otherwise the form offers the surface's dashboards and their tiles
 *   onSaved?(alert)
 * The webhook is chosen from the webhooks list on the open-source surface and typed by hand
 * (checked) on the managed one, which has no webhooks list. Server field errors land on their
 * fields; a failure keeps everything typed.
 */
import { useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Dialog, FormDialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { NumberField } from '@/components/ui/number-field';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useAlertSaveMutation } from '@/lib/api/alerts/use-alert-save-mutation';
import { useAlertTargetsQuery } from '@/lib/api/alerts/use-alert-targets-query';
import { describeApiError } from '@/lib/api/error-message';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { useWebhooksQuery } from '@/lib/api/webhooks/use-webhooks-query';
import type { StoredTile } from '@/lib/charts/tile-view';
import { surfaceCapabilities, type Surface } from '@/lib/observability/surface';
import {
  ALERT_INTERVAL_LABELS,
  ALERT_INTERVALS,
  ALERT_LIMITS,
  ALERT_THRESHOLD_TYPES,
  alertBodySchemaFor,
  type AlertRecord,
} from '@/lib/schemas/observability/alert';
import {
  ALERT_FORM_FIELDS,
  alertBodyToSend,
  alertNameForTile,
  alertToFormValues,
  emptyAlertFormValues,
  type AlertFormOutput,
  type AlertFormValues,
} from './alert-form';
import { AlertPreview } from './alert-preview';
import styles from './alerts.module.css';

export interface AlertFormDialogProps {
  surface: Surface;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  alert?: AlertRecord | null;
  dashboardId?: string;
  tileId?: string;
  tileName?: string;
  /** The tile itself, when the alert is made from it (its recent values are drawn). */
  tile?: StoredTile;
  onSaved?: (alert: AlertRecord) => void;
}

const SCHEMAS = { oss: alertBodySchemaFor('oss'), managed: alertBodySchemaFor('managed') };

export function AlertFormDialog(props: AlertFormDialogProps) {
  const { open, onOpenChange, alert, tileName } = props;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={alert ? 'Edit alert' : tileName ? 'Alert on this tile' : 'Create alert'}
      description={alert ? (alert.name ?? undefined) : tileName}
      wide
    >
      {open && <AlertForm {...props} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

type FormApi = UseFormReturn<AlertFormValues, unknown, AlertFormOutput>;

function AlertForm({
  surface,
  alert,
  dashboardId,
  tileId,
  tileName,
  tile,
  onSaved,
  onDone,
}: AlertFormDialogProps & { onDone: () => void }) {
  const titleId = useDialogTitleId();
  const save = useAlertSaveMutation(surface);
  const [formError, setFormError] = useState<string | null>(null);
  const fixedTarget = !alert && dashboardId !== undefined && tileId !== undefined;
  const form: FormApi = useForm<AlertFormValues, unknown, AlertFormOutput>({
    resolver: schemaResolver(SCHEMAS[surface]),
    // Checked on submit, then as the fields change: a check on blur would show errors above the
    // buttons while the pointer is pressed on one, moving it away before the click lands.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: alert
      ? alertToFormValues(alert)
      : { ...emptyAlertFormValues({ dashboardId, tileId }), name: alertNameForTile(tileName) },
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  const thresholdType = useWatch({ control, name: 'thresholdType' });
  const [threshold, interval, chosenDashboard, chosenTile] = useWatch({
    control,
    name: ['threshold', 'interval', 'dashboardId', 'tileId'],
  });
  const charts = surfaceCapabilities(surface).charts;
  // From a tile, the tile is at hand; otherwise the chosen one is found in the dashboards list.
  const targets = useAlertTargetsQuery(surface, { enabled: charts && !tile });
  const watched =
    tile ?? targets.data?.find((d) => d.id === chosenDashboard)?.tiles.find((t) => t.id === chosenTile)?.content;

  const onSubmit = form.handleSubmit((body) => {
    setFormError(null);
    save.mutate(
      { id: alert?.id, body: alertBodyToSend(body) },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onDone();
        },
        onError: (error) => setFormError(applyApiErrorToForm(error, form.setError, ALERT_FORM_FIELDS)),
      },
    );
  });

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={ALERT_LIMITS.nameMaxLength}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Message"
        hint="Optional; sent with the notification."
        autoComplete="off"
        error={errors.message?.message}
        {...register('message')}
      />
      {!fixedTarget && <TargetFields form={form} surface={surface} />}
      <div className={styles.row}>
        <SelectField
          label="Threshold type"
          options={thresholdTypeOptions(thresholdType)}
          error={errors.thresholdType?.message}
          {...register('thresholdType')}
        />
        <Controller
          control={control}
          name="threshold"
          render={({ field }) => (
            <NumberField
              label="Threshold"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              min={ALERT_LIMITS.thresholdMin}
              max={ALERT_LIMITS.thresholdMax}
              step={0.01}
              hint="Any number from 0, in the tile's unit"
              error={errors.threshold?.message}
            />
          )}
        />
      </div>
      <SelectField
        label="Interval"
        hint="How often the tile is checked."
        options={INTERVAL_OPTIONS}
        error={errors.interval?.message}
        {...register('interval')}
      />
      {charts && (
        <AlertPreview
          tile={watched}
          interval={String(interval ?? '5m')}
          thresholdType={String(thresholdType ?? 'above')}
          threshold={typeof threshold === 'number' ? threshold : undefined}
          thresholdMax={
            typeof (alert as { thresholdMax?: unknown } | null | undefined)?.thresholdMax === 'number'
              ? ((alert as { thresholdMax?: number }).thresholdMax ?? null)
              : null
          }
        />
      )}
      <WebhookField form={form} surface={surface} />
      <FormDialogFooter submitLabel={alert ? 'Save alert' : 'Create alert'} pending={save.isPending} />
    </form>
  );
}

const INTERVAL_OPTIONS = ALERT_INTERVALS.map((interval) => ({
  value: interval,
  label: ALERT_INTERVAL_LABELS[interval],
}));

/**
 * Above and below; a type upstream sent that the console does not author stays selectable, so it
 * is not silently replaced (the schema then asks for above or below).
 */
function thresholdTypeOptions(current: string | undefined): SelectOption[] {
  const options: SelectOption[] = ALERT_THRESHOLD_TYPES.map((type) => ({
    value: type,
    label: type === 'above' ? 'Above' : 'Below',
  }));
  if (current && !(ALERT_THRESHOLD_TYPES as readonly string[]).includes(current))
    options.push({ value: current, label: `${current} (choose above or below)` });
  return options;
}

function TargetFields({ form, surface }: { form: FormApi; surface: Surface }) {
  const targets = useAlertTargetsQuery(surface);
  const { register, control, formState, setValue } = form;
  const dashboardId = useWatch({ control, name: 'dashboardId' });
  const tileId = useWatch({ control, name: 'tileId' });
  const list = targets.data ?? [];
  const dashboard = list.find((d) => d.id === dashboardId);
  const loadingHint = targets.isPending
    ? 'Loading dashboards…'
    : targets.isError
      ? `Could not load dashboards: ${describeApiError(targets.error)}`
      : undefined;
  const onTile = register('tileId', {
    // A new alert takes its name from the tile, unless one was typed.
    onChange: (event: { target: { value: string } }) => {
      const chosen = dashboard?.tiles.find((t) => t.id === event.target.value);
      if (chosen && !form.getValues('name')?.trim()) setValue('name', alertNameForTile(chosen.name));
    },
  });
  const dashboardField = register('dashboardId', {
    // A tile belongs to one dashboard: choosing another dashboard clears the tile.
    onChange: () => setValue('tileId', '', { shouldValidate: formState.isSubmitted }),
  });

  return (
    <div className={styles.row}>
      <SelectField
        label="Dashboard"
        hint={loadingHint}
        options={[
          { value: '', label: 'Choose a dashboard' },
          ...list.map((d) => ({ value: d.id, label: d.name })),
          // The stored target stays selectable while the list loads or when it is gone.
          ...(dashboardId && !dashboard ? [{ value: dashboardId, label: dashboardId }] : []),
        ]}
        error={formState.errors.dashboardId?.message}
        {...dashboardField}
      />
      <SelectField
        label="Tile"
        options={[
          { value: '', label: dashboardId ? 'Choose a tile' : 'Choose a dashboard first' },
          ...(dashboard?.tiles.map((t) => ({ value: t.id, label: t.name })) ?? []),
          ...(tileId && !dashboard?.tiles.some((t) => t.id === tileId) ? [{ value: tileId, label: tileId }] : []),
        ]}
        error={formState.errors.tileId?.message}
        disabled={!dashboardId}
        {...onTile}
      />
    </div>
  );
}

function WebhookField({ form, surface }: { form: FormApi; surface: Surface }) {
  const listed = surfaceCapabilities(surface).webhooks;
  const webhooks = useWebhooksQuery({ enabled: listed });
  const { register, control, formState } = form;
  const webhookId = useWatch({ control, name: 'channel.webhookId' });
  const error = formState.errors.channel?.webhookId?.message ?? formState.errors.channel?.message;

  if (!listed) {
    return (
      <TextField
        label="Webhook id"
        hint="The managed service has no webhooks list: paste the id of the webhook to notify (24 hexadecimal characters or a UUID)."
        mono
        autoComplete="off"
        spellCheck={false}
        error={error}
        {...register('channel.webhookId')}
      />
    );
  }
  const list = webhooks.data ?? [];
  const hint = webhooks.isPending
    ? 'Loading webhooks…'
    : webhooks.isError
      ? `Could not load webhooks: ${describeApiError(webhooks.error)}`
      : list.length === 0
        ? 'No webhooks exist yet; create one in the observability service first.'
        : 'Where the notification goes.';
  return (
    <SelectField
      label="Webhook"
      hint={hint}
      options={[
        { value: '', label: 'Choose a webhook' },
        ...list.map((w) => ({ value: w.id, label: `${w.name} (${w.service})` })),
        // The stored webhook stays selectable while the list loads (so the select shows it) or when it is gone.
        ...(webhookId && !list.some((w) => w.id === webhookId)
          ? [{ value: webhookId, label: webhooks.isPending ? webhookId : `${webhookId} (not listed)` }]
          : []),
      ]}
      error={error}
      {...register('channel.webhookId')}
    />
  );
}
