import { describe, expect, it } from 'vitest';
import { coresToMillicores, formatComputeUnits, formatCores, scalingSummary } from './scaling-format';

describe('scaling format', () => {
  it('formats cores, memory and compute units', () => {
    expect(formatCores(1000)).toBe('1 core');
    expect(formatCores(4000)).toBe('4 cores');
    expect(formatComputeUnits(1000)).toBe('0.5 compute units');
    expect(formatComputeUnits(2000)).toBe('1 compute unit');
    expect(scalingSummary(8000)).toEqual({ cores: '8 cores', memory: '32 GB', units: '4 compute units' });
    expect(scalingSummary(undefined)).toBeUndefined();
    expect(scalingSummary(Number.NaN)).toBeUndefined();
  });

  it('rounds typed cores to whole millicores', () => {
    expect(coresToMillicores(1.1)).toBe(1100);
    expect(coresToMillicores(undefined)).toBeUndefined();
  });
});
