/**
 * What the wizard says about a sample before any parser loads: the formats it reads and the size
 * it accepts. Kept apart from the parsers so the page can check a file's size without them.
 */
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

/** "12.4 MB", "830 KB", "120 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The refusal for a sample over the limit, or undefined when it fits. */
export function sampleSizeProblem(bytes: number): string | undefined {
  if (bytes <= SAMPLE_MAX_BYTES) return undefined;
  return `The sample is ${formatBytes(bytes)}; samples are limited to ${SAMPLE_MAX_LABEL}. Use the first records of the file.`;
}

/** The UTF-8 size of pasted text, without encoding it when its length already decides. */
export function textBytes(text: string): number {
  // Every UTF-16 unit is at most three UTF-8 bytes and at least one.
  if (text.length > SAMPLE_MAX_BYTES || text.length * 3 <= SAMPLE_MAX_BYTES) return text.length;
  return new Blob([text]).size;
}
