'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, FormDialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FormError } from '@/components/ui/form-error';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { ObservabilitySource } from '@/lib/api/dashboards/requests';
import { AGG_FN_LABELS, aggFnNeedsField, DASHBOARD_LIMITS, EDITOR_AGG_FNS, SERIES_TYPE_LABELS, SERIES_TYPES, type Tile } from '@/lib/schemas/observability/dashboard';
import type { DraftTile } from '../layout';
import { TileBody } from './tile-card';
import { emptySeries, formValuesToTileContent, tileFormSchema, tileToFormValues, type TileFormValues } from './tile-form';
import styles from './editor.module.css';

export interface TileEditorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tile being edited; null to add one. */
  tile: DraftTile | null;
  sources: readonly ObservabilitySource[];
  sourceNames: ReadonlyMap<string, string>;
  charts: boolean;
  range: ChartRange;
  onSubmit: (content: Pick<Tile, 'name' | 'asRatio' | 'series'>) => void;
}

type Form = UseFormReturn<TileFormValues, unknown, TileFormValues>;
const TYPE_OPTIONS: SelectOption[] = SERIES_TYPES.map((type) => ({ value: type, label: SERIES_TYPE_LABELS[type] }));
const PREVIEW_DELAY_MS = 400;

/** Add or edit a tile: its name, chart type and 1 to 5 series, with a live preview. Loaded on demand. */
export function TileEditorDialog({ open, onOpenChange, tile, ...rest }: TileEditorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={tile ? `Edit tile “${tile.name}”` : 'Add tile'} wide>
      {open && <TileEditorForm tile={tile} {...rest} />}
    </Dialog>
  );
}

function TileEditorForm({ tile, sources, sourceNames, charts, range, onSubmit }: Omit<TileEditorDialogProps, 'open' | 'onOpenChange'>) {
  const titleId = useDialogTitleId();
  const form: Form = useForm<TileFormValues, unknown, TileFormValues>({
    resolver: schemaResolver(tileFormSchema),
    mode: 'onTouched',
    defaultValues: tileToFormValues(tile, sources[0]?.id ?? ''),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'series' });
  const { errors } = form.formState;
  const seriesCount = fields.length;
  const errorId = useId();

  useEffect(() => {
    if (seriesCount !== 2 && form.getValues('asRatio')) form.setValue('asRatio', false);
  }, [seriesCount, form]);

  const submit = form.handleSubmit((values) => onSubmit(formValuesToTileContent(values, tile ?? undefined)));
  const seriesListError = errors.series?.root?.message ?? errors.series?.message;

  return (
    <form className={styles.tileForm} aria-labelledby={titleId} noValidate onSubmit={submit}>
      <FormError message={Object.keys(errors).length > 1 ? 'Check the highlighted fields.' : null} />
      <div className={styles.tileFormColumns}>
        <div className={styles.tileFormFields}>
          <TextField label="Name" autoComplete="off" maxLength={DASHBOARD_LIMITS.nameMaxLength} error={errors.name?.message} {...form.register('name')} />
          <SelectField label="Chart type" options={TYPE_OPTIONS} {...form.register('type')} />
          {fields.map((field, index) => (
            <SeriesFields key={field.id} form={form} index={index} sources={sources} onRemove={seriesCount > 1 ? () => remove(index) : undefined} />
          ))}
          <FieldError id={`${errorId}-series`} message={seriesListError} />
          <div>
            <Button size="sm" disabled={seriesCount >= DASHBOARD_LIMITS.seriesMax} onClick={() => append(emptySeries(sources[0]?.id ?? ''))}>
              Add series
            </Button>
          </div>
          <TextField
            label="Group by"
            hint="Fields separated by commas, the same for every series, e.g. ServiceName."
            autoComplete="off"
            spellCheck={false}
            {...form.register('groupBy')}
          />
          <Checkbox
            label="As ratio"
            description={seriesCount === 2 ? 'Show series 1 divided by series 2.' : 'Needs exactly 2 series.'}
            disabled={seriesCount !== 2}
            {...form.register('asRatio')}
          />
          <FieldError id={`${errorId}-ratio`} message={errors.asRatio?.message} />
        </div>
        <TilePreview form={form} tile={tile} sourceNames={sourceNames} charts={charts} range={range} />
      </div>
      <FormDialogFooter submitLabel={tile ? 'Save tile' : 'Add tile'} />
    </form>
  );
}

function SeriesFields({ form, index, sources, onRemove }: { form: Form; index: number; sources: readonly ObservabilitySource[]; onRemove?: () => void }) {
  const errors = form.formState.errors.series?.[index];
  const aggFn = useWatch({ control: form.control, name: `series.${index}.aggFn` });
  const currentSource = form.getValues(`series.${index}.sourceId`);
  const n = index + 1;
  // An aggregation the editor does not offer (from upstream) stays selected rather than silently changing.
  const aggOptions: string[] = (EDITOR_AGG_FNS as readonly string[]).includes(aggFn) ? [...EDITOR_AGG_FNS] : [...EDITOR_AGG_FNS, aggFn];
  const sourceOptions: SelectOption[] = [
    { value: '', label: 'Choose a source' },
    ...sources.map((source) => ({ value: source.id, label: source.kind ? `${source.name} (${source.kind})` : source.name })),
    // A source no longer listed stays selectable, so editing the tile does not silently change it.
    ...(currentSource && !sources.some((s) => s.id === currentSource) ? [{ value: currentSource, label: currentSource }] : []),
  ];
  return (
    <fieldset className={styles.seriesFields}>
      <legend className={styles.seriesLegend}>Series {n}</legend>
      <SelectField label="Source" options={sourceOptions} error={errors?.sourceId?.message} {...form.register(`series.${index}.sourceId`)} />
      <SelectField label="Aggregation" options={aggOptions.map((fn) => ({ value: fn, label: AGG_FN_LABELS[fn as keyof typeof AGG_FN_LABELS] ?? fn }))} {...form.register(`series.${index}.aggFn`)} />
      {aggFnNeedsField(aggFn) && (
        <TextField label="Field" hint="The value aggregated, e.g. Duration." autoComplete="off" spellCheck={false} error={errors?.field?.message} {...form.register(`series.${index}.field`)} />
      )}
      <TextField label="Where" hint="Search syntax, e.g. SeverityText:error; empty for all events." autoComplete="off" spellCheck={false} {...form.register(`series.${index}.where`)} />
      {onRemove && (
        <div>
          <Button size="sm" variant="dangerGhost" onClick={onRemove}>
            Remove series {n}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** The tile as it would look, redrawn shortly after typing stops. */
function TilePreview({ form, tile, sourceNames, charts, range }: { form: Form; tile: DraftTile | null; sourceNames: ReadonlyMap<string, string>; charts: boolean; range: ChartRange }) {
  const values = useWatch({ control: form.control }) as TileFormValues;
  const text = JSON.stringify(values);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const preview = useMemo((): DraftTile => {
    const parsed = JSON.parse(settled) as TileFormValues;
    const content = formValuesToTileContent({ ...parsed, series: parsed.series ?? [] }, tile ?? undefined);
    return { key: 'preview', x: 0, y: 0, w: 12, h: 6, ...content, name: content.name || 'Untitled tile' };
  }, [settled, tile]);
  return (
    <section className={styles.preview} aria-label="Preview">
      <h3 className={styles.previewTitle}>Preview: {preview.name}</h3>
      <div className={styles.previewBody}>
        <TileBody tile={preview} charts={charts} range={range} sourceNames={sourceNames} />
      </div>
    </section>
  );
}
