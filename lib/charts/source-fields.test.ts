import { describe, expect, it } from 'vitest';
import { hasField, missingField, queryFields, sourceFields, unknownFieldOf } from './source-fields';

const logs = {
  id: 'l',
  kind: 'log',
  name: 'Logs',
  timestampValueExpression: 'TimestampTime',
  defaultTableSelectExpression: 'Timestamp, ServiceName, SeverityText, Body',
  severityTextExpression: 'SeverityText',
  eventAttributesExpression: 'LogAttributes',
  resourceAttributesExpression: 'ResourceAttributes',
  highlightedRowAttributeExpressions: [
    { sqlExpression: "LogAttributes['http.method']", luceneExpression: 'http.method' },
  ],
  materializedViews: [{ dimensionColumns: 'ScopeName, toStartOfHour(Timestamp)' }],
};
const traces = {
  id: 't',
  kind: 'trace',
  name: 'Traces',
  defaultTableSelectExpression: 'Timestamp, SpanName, ServiceName, Duration',
  durationExpression: 'Duration',
  spanNameExpression: 'SpanName',
  statusCodeExpression: 'StatusCode',
  eventAttributesExpression: 'SpanAttributes',
};

describe('the fields a source names', () => {
  it('reads plain names from its expressions, lists, highlighted attributes and view dimensions', () => {
    const fields = sourceFields(logs)!;
    expect(fields.columns).toEqual([
      'TimestampTime',
      'Timestamp',
      'ServiceName',
      'SeverityText',
      'Body',
      'http.method',
      'ScopeName',
    ]);
    expect(fields.maps).toEqual(['LogAttributes', 'ResourceAttributes']);
  });

  it('knows the metric tables fixed columns, and nothing of a source that names no field', () => {
    expect(sourceFields({ id: 'm', kind: 'metric', timestampValueExpression: 'TimeUnix' })!.columns).toContain(
      'MetricName',
    );
    expect(sourceFields({ id: 's', kind: 'session', traceSourceId: 't' })).toBeNull();
  });

  it('accepts map keys in both syntaxes, and refuses names the source lacks', () => {
    const fields = sourceFields(traces)!;
    expect(hasField(fields, 'SpanName')).toBe(true);
    expect(hasField(fields, 'SpanAttributes.http.status_code')).toBe(true);
    expect(hasField(fields, "SpanAttributes['http.status_code']")).toBe(true);
    expect(hasField(fields, 'SeverityText')).toBe(false);
    expect(hasField(fields, 'LogAttributes.x')).toBe(false);
  });
});

describe('the fields a search-syntax query names', () => {
  it.each([
    ['SeverityText:error', ['SeverityText']],
    ['-ServiceName:"a:b" AND (Duration:>100 OR SpanName:x)', ['ServiceName', 'Duration', 'SpanName']],
    ['Body:http://x.example timeout "quoted: text"', ['Body']],
    ['NOT SeverityText:debug SeverityText:info', ['SeverityText']],
    ['Resource\\:Name:x', ['Resource:Name']],
    ['bare words only', []],
  ])('%s', (query, fields) => {
    expect(queryFields(query)).toEqual(fields);
  });

  it('names the first field the source lacks', () => {
    expect(missingField('ServiceName:checkout AND SeverityText:error', sourceFields(traces))).toBe('SeverityText');
    expect(missingField('ServiceName:checkout', sourceFields(traces))).toBeUndefined();
    expect(missingField('SeverityText:error', null)).toBeUndefined();
  });
});

describe('the unknown field of a failed query', () => {
  it('is read from the database message in its current and older wording', () => {
    expect(
      unknownFieldOf(
        'Unknown expression identifier `SeverityText` in scope SELECT count() FROM default.otel_traces. (UNKNOWN_IDENTIFIER)',
      ),
    ).toBe('SeverityText');
    expect(unknownFieldOf("Missing columns: 'level' while processing query")).toBe('level');
    expect(unknownFieldOf('Source not found')).toBeUndefined();
  });
});
