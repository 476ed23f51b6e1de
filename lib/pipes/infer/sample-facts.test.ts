import { describe, expect, it } from 'vitest';
import { formatBytes, SAMPLE_MAX_BYTES, sampleSizeProblem, textBytes } from './sample-facts';

describe('sample facts', () => {
  it('refuses a sample over 50 MB, naming its size and the limit', () => {
    expect(sampleSizeProblem(SAMPLE_MAX_BYTES)).toBeUndefined();
    expect(sampleSizeProblem(SAMPLE_MAX_BYTES + 1)).toBe(
      'The sample is 50.0 MB; samples are limited to 50 MB. Use the first records of the file.',
    );
    expect(sampleSizeProblem(60 * 1024 * 1024)).toMatch(/^The sample is 60\.0 MB; samples are limited to 50 MB/);
  });

  it('sizes text by its UTF-8 bytes where the length alone cannot decide', () => {
    expect(textBytes('abc')).toBe(3);
    const wide = 'é'.repeat(Math.ceil(SAMPLE_MAX_BYTES / 2) + 1);
    expect(textBytes(wide)).toBe(wide.length * 2);
    expect(sampleSizeProblem(textBytes(wide))).toBeDefined();
  });

  it('formats sizes', () => {
    expect([formatBytes(120), formatBytes(2048), formatBytes(5 * 1024 * 1024)]).toEqual([
      '120 bytes',
      '2 KB',
      '5.0 MB',
    ]);
  });
});
