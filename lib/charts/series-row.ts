/** One row of `POST /api/v2/charts/series`: one (bucket, group) with a `series_<i>.data` key per series that had data. */
export interface ChartSeriesRow {
  ts_bucket: number | string;
  group?: readonly unknown[] | null;
  [seriesKey: `series_${number}.data`]: unknown;
}
