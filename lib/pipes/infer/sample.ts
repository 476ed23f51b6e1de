/**
 * A sample of the source's records, as pasted or dropped on the wizard: JSON lines, a JSON array,
 * CSV with a header row (read with papaparse), or a schema (Avro, or JSON Schema). What cannot be
 * read is refused with the line and column of the problem.
 */
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import Papa from 'papaparse';
import type { SampleFormat } from './sample-facts';

export type SampleRecord = Record<string, unknown>;

export type ParsedSample =
  | { format: Extract<SampleFormat, 'jsonLines' | 'jsonArray' | 'csv'>; records: SampleRecord[] }
  | { format: Extract<SampleFormat, 'avroSchema' | 'jsonSchema'>; schema: Record<string, unknown> };

export class SampleError extends Error {
  override name = 'SampleError';
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(line === undefined ? message : `Line ${line}, column ${column ?? 1}: ${message}`);
  }
}

/** Line and column (both from 1) of a character offset. */
function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** By jsonc-parser's code names (its codes are a const enum, which isolated modules cannot read). */
const JSON_PROBLEMS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'not a valid number',
  PropertyNameExpected: 'a property name in double quotes expected',
  ValueExpected: 'a value expected',
  ColonExpected: "':' expected after the property name",
  CommaExpected: "',' expected",
  CloseBraceExpected: "'}' expected",
  CloseBracketExpected: "']' expected",
  EndOfFileExpected: 'more text after the end of the JSON value',
  InvalidCommentToken: 'comments are not JSON',
  UnexpectedEndOfComment: 'comments are not JSON',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut short',
  InvalidUnicode: 'an invalid \\u escape',
  InvalidEscapeCharacter: 'an invalid escape',
  InvalidCharacter: 'a control character inside a string',
};

/**
 * JSON.parse, and where it refuses, the first problem with its line and column: the engine's
 * messages differ between browsers and often omit the place, so a strict scanner finds it.
 */
function parseJson(text: string, lineOffset = 0): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const problems: ParseError[] = [];
    parseTree(text, problems, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = problems[0];
    const where = position(text, first?.offset ?? text.length);
    const reason = first
      ? (JSON_PROBLEMS[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error))
      : error instanceof Error
        ? error.message
        : 'not valid JSON';
    throw new SampleError(reason, where.line + lineOffset, where.column);
  }
}

const isRecord = (value: unknown): value is SampleRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJsonLines(text: string): SampleRecord[] {
  const records: SampleRecord[] = [];
  let lineNumber = 0;
  for (const line of text.split('\n')) {
    lineNumber++;
    if (line.trim() === '') continue;
    const value = parseJson(line, lineNumber - 1);
    if (!isRecord(value)) throw new SampleError('each line must be one JSON object', lineNumber, 1);
    records.push(value);
  }
  return records;
}

function parseCsv(text: string): SampleRecord[] {
  const result = Papa.parse<SampleRecord>(text, { header: true, skipEmptyLines: true, dynamicTyping: false });
  // A one-column CSV has no delimiter to detect: that is no fault of the sample.
  const error = result.errors.find((e) => e.type !== 'Delimiter');
  if (error) {
    // A quote problem knows the offset just after its opening quote; a row of the wrong width knows
    // its data row (from 0, after the header).
    const where =
      error.index !== undefined
        ? position(text, Math.max(0, error.index - 1))
        : { line: (error.row ?? -1) + 2, column: 1 };
    throw new SampleError(error.message, where.line, where.column);
  }
  // papaparse renames a repeated header ("" twice becomes "" and "_1"): what it renamed from "" had no name either.
  const renamed = result.meta.renamedHeaders ?? {};
  const fields = (result.meta.fields ?? []).map((field) => (field in renamed ? renamed[field] : field) ?? field);
  const unnamed = fields.findIndex((field) => field.trim() === '');
  if (fields.length === 0 || unnamed !== -1) {
    const header = text.slice(0, Math.max(0, text.indexOf('\n'))) || text;
    const column = header
      .split(result.meta.delimiter)
      .slice(0, Math.max(0, unnamed))
      .reduce((sum, cell) => sum + cell.length + 1, 1);
    throw new SampleError(`the first line must name every column (column ${unnamed + 1} has no name)`, 1, column);
  }
  return result.data;
}

/** Reads a sample, guessing its format from its first characters. */
export function parseSample(text: string): ParsedSample {
  const trimmed = text.trimStart();
  if (trimmed === '') throw new SampleError('The sample is empty: paste a few records or drop a file');
  if (trimmed.startsWith('[')) {
    const value = parseJson(text);
    if (!Array.isArray(value) || !value.every(isRecord))
      throw new SampleError('a JSON array sample must hold objects', 1, 1);
    return { format: 'jsonArray', records: value };
  }
  if (trimmed.startsWith('{')) {
    const firstLineEnd = trimmed.indexOf('\n');
    const single =
      firstLineEnd === -1 ||
      trimmed.slice(0, firstLineEnd).trim().endsWith('{') ||
      !isJsonLine(trimmed.slice(0, firstLineEnd));
    if (single) {
      const value = parseJson(text);
      if (isRecord(value) && value.type === 'record' && Array.isArray(value.fields))
        return { format: 'avroSchema', schema: value };
      if (isRecord(value) && isRecord(value.properties)) return { format: 'jsonSchema', schema: value };
      if (isRecord(value)) return { format: 'jsonLines', records: [value] };
    }
    return { format: 'jsonLines', records: parseJsonLines(text) };
  }
  return { format: 'csv', records: parseCsv(text) };
}

function isJsonLine(line: string): boolean {
  try {
    return isRecord(JSON.parse(line));
  } catch {
    return false;
  }
}
