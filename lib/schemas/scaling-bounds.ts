// zod-free, so pages that only display the allocation need no schema code.

/** Shared database-pipe (CDC) scaling bounds: 1-24 cores, 4-96 GB, always 4 GB per core. */
export const CDC_SCALING_LIMITS = {
  cpuMillicores: { min: 1000, max: 24000, step: 1000 },
  memoryGb: { min: 4, max: 96 },
  memoryGbPerCore: 4,
} as const;

/** Billing rule: 2 CPU cores and 8 GB of memory are 1 compute unit. */
export const COMPUTE_UNIT = { cores: 2, memoryGb: 8 } as const;

export function computeUnits(replicaCpuMillicores: number): number {
  return replicaCpuMillicores / 1000 / COMPUTE_UNIT.cores;
}

export function memoryForCpu(replicaCpuMillicores: number): number {
  return (replicaCpuMillicores / 1000) * CDC_SCALING_LIMITS.memoryGbPerCore;
}
