/**
 * Names that go into the console's SQL templates come from a pipe's own destination, never from a
 * person's input; they are still checked and quoted, so no name can end the identifier it sits in.
 */
const MAX_IDENTIFIER = 256;

export class IdentifierError extends Error {
  override name = 'IdentifierError';
}

/** ClickHouse's backtick quoting: a backtick or backslash inside is escaped. */
export function quoteIdentifier(name: string): string {
  if (name.length === 0 || name.length > MAX_IDENTIFIER || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new IdentifierError(`"${name.slice(0, 40)}" is not a table or column name the console will query`);
  }
  return `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;
}

export function quoteTable(database: string, table: string): string {
  return `${quoteIdentifier(database)}.${quoteIdentifier(table)}`;
}

/** A string literal for a value the console already validated (a pipe's UUID). */
export function quoteString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
