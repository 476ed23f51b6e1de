import { describe, expect, it } from 'vitest';
import { withConsoleKey } from './access';
import { quoteIdentifier, quoteString, quoteTable } from './identifiers';
import { parseJsonEachRow } from './run-query';
import { logColumns, newestColumn } from './sections';

describe("names in the console's SQL", () => {
  it('quotes a name so that nothing in it can end the identifier', () => {
    expect(quoteTable('default', 'events')).toBe('`default`.`events`');
    expect(quoteIdentifier('we`ird\\name')).toBe('`we\\`ird\\\\name`');
    expect(quoteString("it's")).toBe("'it\\'s'");
  });

  it('refuses an empty name, a control character or an absurd length', () => {
    for (const name of ['', 'a\u0000b', 'line\nbreak', 'x'.repeat(300)])
      expect(() => quoteIdentifier(name)).toThrow(/not a table or column name/);
  });
});

describe('reading undocumented tables by their columns', () => {
  it('finds the pipe, time, message and level columns of a log table by their names', () => {
    const columns = [
      { name: 'event_time', type: 'DateTime64(3)' },
      { name: 'clickpipe_id', type: 'String' },
      { name: 'level', type: 'LowCardinality(String)' },
      { name: 'message', type: 'String' },
    ];
    expect(logColumns(columns)).toEqual({
      pipe: 'clickpipe_id',
      time: 'event_time',
      message: 'message',
      level: 'level',
    });
    expect(
      logColumns([
        { name: 'pipeId', type: 'UUID' },
        { name: 'error', type: 'String' },
      ]),
    ).toEqual({ pipe: 'pipeId', time: undefined, message: 'error', level: undefined });
  });

  it('orders newest first by a time column, else by the sorting key, else not at all', () => {
    expect(
      newestColumn([
        { name: 'id', type: 'UInt64' },
        { name: 'created_at', type: 'Nullable(DateTime)' },
      ]),
    ).toBe('created_at');
    expect(
      newestColumn(
        [
          { name: 'id', type: 'UInt64' },
          { name: 'name', type: 'String' },
        ],
        ['id'],
      ),
    ).toBe('id');
    expect(newestColumn([{ name: 'name', type: 'String' }], ['missing'])).toBeUndefined();
  });
});

describe("the service's answers", () => {
  it('reads JSONEachRow and refuses anything else with a clear message', () => {
    expect(parseJsonEachRow('{"a":1}\n{"a":2}\n')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parseJsonEachRow('')).toEqual([]);
    expect(() => parseJsonEachRow('<html>gateway</html>')).toThrow(/rows that are not JSON/);
    expect(() => parseJsonEachRow('[1,2]')).toThrow(/not objects/);
  });
});

describe("adding the console's key to a query endpoint", () => {
  it('keeps every key, role and origin already there', () => {
    expect(
      withConsoleKey({ roles: ['sql_console_admin'], openApiKeys: ['k1'], allowedOrigins: 'https://a.example' }, 'k2'),
    ).toEqual({
      roles: ['sql_console_admin', 'sql_console_read_only'],
      openApiKeys: ['k1', 'k2'],
      allowedOrigins: 'https://a.example',
    });
    expect(withConsoleKey(null, 'k2')).toEqual({
      roles: ['sql_console_read_only'],
      openApiKeys: ['k2'],
      allowedOrigins: '',
    });
    expect(withConsoleKey({ roles: ['sql_console_read_only'], openApiKeys: ['k2'] }, 'k2').openApiKeys).toEqual(['k2']);
  });
});
