'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { DashboardScope } from '@/lib/charts/dashboard-scope';
import { UNIT_CHOICES, UNIT_LABELS } from '@/lib/charts/number-format';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, FormDialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FormError } from '@/components/ui/form-error';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import type { ObservabilitySource } from '@/lib/api/dashboards/requests';
import {
  AGG_FN_LABELS,
  aggFnNeedsField,
  DASHBOARD_LIMITS,
  EDITOR_AGG_FNS,
  type AggFn,
  type Tile,
} from '@/lib/schemas/observability/dashboard';
import { DISPLAY_TYPE_LABELS, DISPLAY_TYPES, type DisplayType } from '@/lib/schemas/observability/tile-kinds';
import type { DraftTile } from '../layout';
import { TileContent } from '../tiles/tile-content';
import {
  allowsRatio,
  emptySeries,
  maxSeriesOf,
  needsConfigForm,
  newTileFormValues,
  tileFormSchema,
  tileToFormValues,
  usesGroupBy,
  usesQueries,
  type TileFormValues,
} from './tile-form';
import { keptFields, writeTile, type TileContent as WrittenContent } from './tile-write';
import { fieldsHint, SourceFieldList } from './source-field-list';
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
  scope?: DashboardScope;
  /** The edited tile, or a new one's content. */
  onSubmit: (tile: Partial<Tile> & WrittenContent) => void;
  /** Where focus goes when the dialog closes (the tile just added), instead of back to where it was. */
  focusOnClose?: () => HTMLElement | null | undefined;
}

type Form = UseFormReturn<TileFormValues, unknown, TileFormValues>;
const DISPLAY_OPTIONS: SelectOption[] = DISPLAY_TYPES.map((type) => ({
  value: type,
  label: DISPLAY_TYPE_LABELS[type],
}));
const UNIT_OPTIONS: SelectOption[] = UNIT_CHOICES.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }));
const PREVIEW_DELAY_MS = 400;

/** Add or edit a tile: its name, what it shows and its queries, with a live preview. Loaded on demand. */
export function TileEditorDialog({ open, onOpenChange, tile, focusOnClose, ...rest }: TileEditorDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={tile ? `Edit tile “${tile.name}”` : 'Add tile'}
      wide
      focusOnClose={focusOnClose}
    >
      {open && <TileEditorForm tile={tile} {...rest} />}
    </Dialog>
  );
}

function TileEditorForm({
  tile,
  sources,
  sourceNames,
  charts,
  range,
  scope,
  onSubmit,
}: Omit<TileEditorDialogProps, 'open' | 'onOpenChange' | 'focusOnClose'>) {
  const titleId = useDialogTitleId();
  const defaults = useMemo(
    () => tileToFormValues(tile, sources[0]?.id ?? '') ?? newTileFormValues(sources[0]?.id ?? ''),
    [tile, sources],
  );
  const form: Form = useForm<TileFormValues, unknown, TileFormValues>({
    resolver: schemaResolver(tileFormSchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'series' });
  const { errors } = form.formState;
  const errorId = useId();
  const display = useWatch({ control: form.control, name: 'display' }) as DisplayType;
  const seriesCount = fields.length;
  const kept = useMemo(() => keptFields(tile), [tile]);

  useEffect(() => {
    form.setValue('configForm', needsConfigForm(display, tile));
    if (display === 'markdown') return;
    if (seriesCount === 0) append(emptySeries(sources[0]?.id ?? ''));
    const max = maxSeriesOf(display) + (display === 'number' ? 1 : 0);
    for (let i = seriesCount - 1; i >= max; i--) remove(i);
    if ((!allowsRatio(display) || seriesCount !== 2) && form.getValues('asRatio')) form.setValue('asRatio', false);
  }, [display, seriesCount, form, tile, append, remove, sources]);

  const submit = form.handleSubmit((values) => onSubmit(writeTile<Partial<Tile>>(tile, values)));
  const seriesListError = errors.series?.root?.message ?? errors.series?.message;
  const maxSeries = display === 'number' ? 2 : maxSeriesOf(display);

  return (
    <form className={styles.tileForm} aria-labelledby={titleId} noValidate onSubmit={submit}>
      <FormError message={Object.keys(errors).length > 1 ? 'Check the highlighted fields.' : null} />
      <div className={styles.tileFormColumns}>
        <div className={styles.tileFormFields}>
          <TextField
            label="Name"
            autoComplete="off"
            maxLength={DASHBOARD_LIMITS.nameMaxLength}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <SelectField label="Shows" options={DISPLAY_OPTIONS} {...form.register('display')} />
          {display === 'markdown' ? (
            <TextareaField
              label="Text (Markdown)"
              rows={10}
              hint="Headings, lists, links, tables. Scripts and HTML event handlers are removed."
              error={errors.markdown?.message}
              {...form.register('markdown')}
            />
          ) : (
            <>
              {fields.map((field, index) => (
                <SeriesFields
                  key={field.id}
                  form={form}
                  index={index}
                  display={display}
                  sources={sources}
                  onRemove={seriesCount > 1 ? () => remove(index) : undefined}
                />
              ))}
              <FieldError id={`${errorId}-series`} message={seriesListError} />
              {maxSeries > 1 && (
                <div>
                  <Button
                    size="sm"
                    disabled={seriesCount >= maxSeries}
                    onClick={() => append(emptySeries(form.getValues('series.0.sourceId') || sources[0]?.id || ''))}
                  >
                    Add series
                  </Button>
                </div>
              )}
              <DisplayFields form={form} display={display} seriesCount={seriesCount} sources={sources} />
            </>
          )}
          {kept.length > 0 && (
            <p className={styles.kept} data-testid="kept-fields">
              Kept as stored, not editable here: {kept.join(', ')}.
            </p>
          )}
        </div>
        <TilePreview form={form} tile={tile} sourceNames={sourceNames} charts={charts} range={range} scope={scope} />
      </div>
      <FormDialogFooter submitLabel={tile ? 'Save tile' : 'Add tile'} />
    </form>
  );
}

function DisplayFields({
  form,
  display,
  seriesCount,
  sources,
}: {
  form: Form;
  display: DisplayType;
  seriesCount: number;
  sources: readonly ObservabilitySource[];
}) {
  const { errors } = form.formState;
  const errorId = useId();
  const firstSource = useWatch({ control: form.control, name: 'series.0.sourceId' });
  const source = sources.find((s) => s.id === firstSource);
  return (
    <>
      {usesGroupBy(display) && (
        <TextField
          label="Group by"
          hint={
            display === 'pie' || display === 'bar'
              ? 'Each value is a slice or bar, e.g. ServiceName.'
              : 'Fields separated by commas, the same for every series, e.g. ServiceName.'
          }
          autoComplete="off"
          spellCheck={false}
          list={`${errorId}-group-fields`}
          error={errors.groupBy?.message}
          {...form.register('groupBy')}
        />
      )}
      {usesGroupBy(display) && <SourceFieldList id={`${errorId}-group-fields`} source={source} />}
      {display === 'search' && (
        <TextField
          label="Columns"
          hint="Separated by commas, e.g. Timestamp, SeverityText, Body; empty for the source's default."
          autoComplete="off"
          spellCheck={false}
          {...form.register('columns')}
        />
      )}
      {display === 'heatmap' && (
        <SelectField
          label="Value scale"
          options={[
            { value: 'log', label: 'Logarithmic' },
            { value: 'linear', label: 'Linear' },
          ]}
          {...form.register('scale')}
        />
      )}
      {display === 'table' && (
        <SelectField
          label="Sort"
          options={[
            { value: 'desc', label: 'Largest first' },
            { value: 'asc', label: 'Smallest first' },
          ]}
          {...form.register('sortOrder')}
        />
      )}
      {(display === 'pie' || display === 'bar') && (
        <TextField
          label="Most groups shown"
          hint="The rest are summed as Other; empty or 0 for the default (12)."
          inputMode="numeric"
          autoComplete="off"
          error={errors.limit?.message}
          {...form.register('limit')}
        />
      )}
      {(usesQueries(display) || display === 'heatmap') && (
        <SelectField
          label="Unit"
          hint="How values read on axes, tooltips and numbers."
          options={[
            ...UNIT_OPTIONS,
            ...(form.getValues('unit') === 'custom' ? [{ value: 'custom', label: UNIT_LABELS.custom }] : []),
          ]}
          {...form.register('unit')}
        />
      )}
      {allowsRatio(display) && (
        <>
          <Checkbox
            label="As ratio"
            description={seriesCount === 2 ? 'Show series 1 divided by series 2.' : 'Needs exactly 2 series.'}
            disabled={seriesCount !== 2}
            {...form.register('asRatio')}
          />
          <FieldError id={`${errorId}-ratio`} message={errors.asRatio?.message} />
        </>
      )}
    </>
  );
}

function SeriesFields({
  form,
  index,
  display,
  sources,
  onRemove,
}: {
  form: Form;
  index: number;
  display: DisplayType;
  sources: readonly ObservabilitySource[];
  onRemove?: () => void;
}) {
  const errors = form.formState.errors.series?.[index];
  const aggFn = useWatch({ control: form.control, name: `series.${index}.aggFn` });
  const currentSource = form.getValues(`series.${index}.sourceId`);
  const n = index + 1;
  const aggOptions: string[] = (EDITOR_AGG_FNS as readonly string[]).includes(aggFn)
    ? [...EDITOR_AGG_FNS]
    : [...EDITOR_AGG_FNS, aggFn];
  const sourceOptions: SelectOption[] = [
    { value: '', label: 'Choose a source' },
    ...sources.map((source) => ({
      value: source.id,
      label: source.kind ? `${source.name} (${source.kind})` : source.name,
    })),
    // A source no longer listed stays selectable, so editing the tile does not silently change it.
    ...(currentSource && !sources.some((s) => s.id === currentSource)
      ? [{ value: currentSource, label: currentSource }]
      : []),
  ];
  const queries = usesQueries(display);
  const single = !queries || display === 'pie' || display === 'bar';
  const watchedSource = useWatch({ control: form.control, name: `series.${index}.sourceId` });
  const source = sources.find((s) => s.id === watchedSource);
  const fieldListId = `${useId()}-fields`;
  return (
    <fieldset className={styles.seriesFields}>
      <legend className={styles.seriesLegend}>
        {single ? (display === 'search' ? 'Events' : display === 'heatmap' ? 'Values' : 'Value') : `Series ${n}`}
      </legend>
      <SelectField
        label="Source"
        options={sourceOptions}
        error={errors?.sourceId?.message}
        {...form.register(`series.${index}.sourceId`)}
      />
      {queries && (
        <SelectField
          label="Aggregation"
          options={aggOptions.map((fn) => ({ value: fn, label: AGG_FN_LABELS[fn as AggFn] ?? fn }))}
          {...form.register(`series.${index}.aggFn`)}
        />
      )}
      {((queries && aggFnNeedsField(aggFn)) || display === 'heatmap') && (
        <TextField
          label={display === 'heatmap' ? 'Value' : 'Field'}
          hint={
            display === 'heatmap'
              ? 'The number spread over the rows, e.g. Duration.'
              : 'The value aggregated, e.g. Duration.'
          }
          autoComplete="off"
          spellCheck={false}
          list={fieldListId}
          error={errors?.field?.message}
          {...form.register(`series.${index}.field`)}
        />
      )}
      <TextField
        label="Where"
        hint={`Search syntax, e.g. SeverityText:error; empty for all events. ${fieldsHint(source, '')}`.trim()}
        autoComplete="off"
        spellCheck={false}
        {...form.register(`series.${index}.where`)}
      />
      <SourceFieldList id={fieldListId} source={source} />
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
function TilePreview({
  form,
  tile,
  sourceNames,
  charts,
  range,
  scope,
}: {
  form: Form;
  tile: DraftTile | null;
  sourceNames: ReadonlyMap<string, string>;
  charts: boolean;
  range: ChartRange;
  scope?: DashboardScope;
}) {
  const values = useWatch({ control: form.control }) as TileFormValues;
  const text = JSON.stringify(values);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const preview = useMemo(() => {
    const parsed = JSON.parse(settled) as TileFormValues;
    const content = writeTile<Partial<Tile>>(tile, { ...parsed, series: parsed.series ?? [] });
    return { ...content, name: content.name || 'Untitled tile' };
  }, [settled, tile]);
  return (
    <section className={styles.preview} aria-label="Preview">
      <h3 className={styles.previewTitle}>Preview: {preview.name}</h3>
      <div className={styles.previewBody}>
        <TileContent tile={preview} charts={charts} range={range} scope={scope} sourceNames={sourceNames} />
      </div>
    </section>
  );
}
