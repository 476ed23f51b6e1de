import { describe, expect, it } from 'vitest';
import { CDC_SCALING_LIMITS, cdcScalingSchema, computeUnits, memoryForCpu } from './scaling';

const at = (cores: number) => ({ replicaCpuMillicores: cores * 1000, replicaMemoryGb: cores * 4 });

describe('cdcScalingSchema', () => {
  it('accepts both ends of the range with 4 GB per core', () => {
    expect(cdcScalingSchema.safeParse(at(1)).success).toBe(true);
    expect(cdcScalingSchema.safeParse(at(24)).success).toBe(true);
    expect(cdcScalingSchema.safeParse(at(7)).success).toBe(true);
  });

  it.each([
    [
      { replicaCpuMillicores: 999, replicaMemoryGb: 4 },
      'replicaCpuMillicores',
      'CPU must be at least 1 core (1000 millicores)',
    ],
    [{ replicaCpuMillicores: 0, replicaMemoryGb: 4 }, 'replicaCpuMillicores', undefined],
    [
      { replicaCpuMillicores: 25000, replicaMemoryGb: 100 },
      'replicaCpuMillicores',
      'CPU must be at most 24 cores (24000 millicores)',
    ],
    [{ replicaCpuMillicores: 1500, replicaMemoryGb: 6 }, 'replicaCpuMillicores', 'CPU must be a whole number of cores'],
    [
      { replicaCpuMillicores: 1000.5, replicaMemoryGb: 4 },
      'replicaCpuMillicores',
      'CPU must be a whole number of millicores',
    ],
    [{ replicaCpuMillicores: 1000, replicaMemoryGb: 3.5 }, 'replicaMemoryGb', 'Memory must be at least 4 GB'],
    [{ replicaCpuMillicores: 24000, replicaMemoryGb: 97 }, 'replicaMemoryGb', 'Memory must be at most 96 GB'],
    [{ replicaCpuMillicores: 2000, replicaMemoryGb: 16 }, 'replicaMemoryGb', 'Memory must be 4 GB per CPU core'],
    [{ replicaCpuMillicores: '2000', replicaMemoryGb: 8 }, 'replicaCpuMillicores', undefined],
    [{ replicaCpuMillicores: 2000 }, 'replicaMemoryGb', 'Memory is required'],
  ])('refuses %j', (body, path, message) => {
    const issue = cdcScalingSchema.safeParse(body).error?.issues[0];
    expect(issue?.path.join('.')).toBe(path);
    if (message) expect(issue?.message).toBe(message);
  });
});

describe('compute units', () => {
  it('follows the billing rule: 2 cores and 8 GB are one unit', () => {
    expect(computeUnits(2000)).toBe(1);
    expect(computeUnits(1000)).toBe(0.5);
    expect(computeUnits(CDC_SCALING_LIMITS.cpuMillicores.max)).toBe(12);
    expect(memoryForCpu(2000)).toBe(8);
  });
});
