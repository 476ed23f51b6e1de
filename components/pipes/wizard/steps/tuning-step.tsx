'use client';

import Link from 'next/link';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useConsole } from '@/lib/console/console-context';
import { servicePage } from '@/lib/console/service-paths';
import { Badge } from '@/components/ui/badge';
import { OptionalBooleanField } from '@/components/ui/optional-boolean-field';
import {
  SCALING_BOUNDS,
  SCALING_KEYS,
  SETTINGS_BOUNDS,
  SETTING_KEYS,
  appliesTo,
  type PipeKind,
  type SettingKey,
} from '@/lib/schemas/pipes/bounds';
import { FormNumber, useFieldError } from '../form-fields';
import type { WizardValues } from '../wizard-values';
import styles from '../wizard.module.css';

export function TuningStep() {
  const { control } = useFormContext<WizardValues>();
  const { serviceId } = useConsole();
  const kind = useWatch({ control, name: 'kind' }) as PipeKind;
  const scalingKeys = SCALING_KEYS.filter((key) => appliesTo(SCALING_BOUNDS[key], kind));
  const settingKeys = SETTING_KEYS.filter((key) => appliesTo(SETTINGS_BOUNDS[key], kind));
  return (
    <>
      <p className={styles.stepIntro}>
        Everything here is optional: a field left empty is not sent and the service&apos;s default applies.
      </p>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Scaling</legend>
        {scalingKeys.length === 0 ? (
          <p className={styles.groupHint}>
            Postgres pipes share the service&apos;s database pipe scaling; change it on the{' '}
            <Link href={servicePage(serviceId, 'scaling')}>Database pipe scaling</Link> page.
          </p>
        ) : (
          <div className={styles.pair}>
            {scalingKeys.map((key) => {
              const bounds = SCALING_BOUNDS[key];
              const deprecated = 'deprecated' in bounds && bounds.deprecated;
              return (
                <FormNumber
                  key={key}
                  name={`scaling.${key}`}
                  bounds={bounds}
                  label={
                    deprecated ? (
                      <>
                        {bounds.label} <Badge tone="warning">Deprecated</Badge>
                      </>
                    ) : (
                      bounds.label
                    )
                  }
                  hint={deprecated ? bounds.hint : undefined}
                />
              );
            })}
          </div>
        )}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Settings</legend>
        <div className={styles.pair}>
          {settingKeys.map((key) => {
            const bounds = SETTINGS_BOUNDS[key];
            return bounds.type === 'boolean' ? (
              <BooleanSetting key={key} settingKey={key} label={bounds.label} hint={bounds.hint} />
            ) : (
              <FormNumber key={key} name={`settings.${key}`} bounds={bounds} description={bounds.hint} />
            );
          })}
        </div>
      </fieldset>
    </>
  );
}

/** Three choices, so that "not sent" stays distinct from "off"; "Default" leaves the setting out of the request. */
function BooleanSetting({ settingKey, label, hint }: { settingKey: SettingKey; label: string; hint: string }) {
  const { control } = useFormContext<WizardValues>();
  const error = useFieldError(`settings.${settingKey}`);
  return (
    <Controller
      control={control}
      name={`settings.${settingKey}`}
      render={({ field }) => (
        <OptionalBooleanField
          ref={field.ref}
          name={field.name}
          label={label}
          hint={hint}
          error={error}
          value={field.value}
          onChange={(value) => field.onChange(value ?? undefined)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
