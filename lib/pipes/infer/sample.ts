/**
 * A sample of the source's records, as pasted or dropped on the wizard: JSON lines, a JSON array,
 * CSV with a header row (read with papaparse), or a schema (Avro, or JSON Schema). What cannot be
 * read is refused with the line and column of the problem.
 */
import Papa from 'papaparse';

export const SAMPLE_MAX_BYTES = 50 * 1024 * 1024;
export const SAMPLE_MAX_LABEL = '50 MB';

export type SampleFormat = 'jsonLines' | 'jsonArray' | 'csv' | 'avroSchema' | 'jsonSchema';
export const SAMPLE_FORMAT_LABELS: Record<SampleFormat, string> = {
  jsonLines: 'JSON lines',
  jsonArray: 'JSON array',
  csv: 'CSV with header',
  avroSchema: 'Avro schema',
  jsonSchema: 'JSON Schema',
};

export type SampleRecord = Record<string, unknown>;

export type ParsedSample =
  | { format: 'jsonLines' | 'jsonArray' | 'csv'; records: SampleRecord[] }
  | { format: 'avroSchema' | 'jsonSchema'; schema: Record<string, unknown> };

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

/** JSON.parse with the engine's complaint turned into a line and column of `text`. */
function parseJson(text: string, lineOffset = 0): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'not valid JSON';
    const lineColumn = /line (\d+) column (\d+)/.exec(message);
    const at = /position (\d+)/.exec(message);
    const where = lineColumn
      ? { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
      : position(text, at ? Number(at[1]) : text.length);
    const reason = message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
    throw new SampleError(reason, where.line + lineOffset, where.column);
  }
}

const isRecord = (value: unknown): value is SampleRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

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
  const error = result.errors[0];
  if (error) {
    // papaparse counts data rows from 0; the header is line 1.
    const line = error.row === undefined ? 1 : error.row + 2;
    throw new SampleError(error.message, line, 1);
  }
  const fields = result.meta.fields ?? [];
  if (fields.length === 0 || fields.every((f) => f.trim() === '')) throw new SampleError('the first line must name the columns', 1, 1);
  return result.data;
}

/** Reads a sample, guessing its format from its first characters. */
export function parseSample(text: string): ParsedSample {
  const trimmed = text.trimStart();
  if (trimmed === '') throw new SampleError('The sample is empty: paste a few records or drop a file');
  if (trimmed.startsWith('[')) {
    const value = parseJson(text);
    if (!Array.isArray(value) || !value.every(isRecord)) throw new SampleError('a JSON array sample must hold objects', 1, 1);
    return { format: 'jsonArray', records: value };
  }
  if (trimmed.startsWith('{')) {
    const firstLineEnd = trimmed.indexOf('\n');
    const single = firstLineEnd === -1 || trimmed.slice(0, firstLineEnd).trim().endsWith('{') || !isJsonLine(trimmed.slice(0, firstLineEnd));
    if (single) {
      const value = parseJson(text);
      if (isRecord(value) && value.type === 'record' && Array.isArray(value.fields)) return { format: 'avroSchema', schema: value };
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
