import * as z from 'zod/mini';

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

const { cpuMillicores, memoryGb } = CDC_SCALING_LIMITS;

export const cdcScalingSchema = z
  .object({
    replicaCpuMillicores: z.number({ error: 'CPU is required' }).check(
      z.refine(Number.isInteger, { error: 'CPU must be a whole number of millicores' }),
      z.gte(cpuMillicores.min, { error: `CPU must be at least ${cpuMillicores.min / 1000} core (${cpuMillicores.min} millicores)` }),
      z.lte(cpuMillicores.max, { error: `CPU must be at most ${cpuMillicores.max / 1000} cores (${cpuMillicores.max} millicores)` }),
      z.multipleOf(cpuMillicores.step, { error: 'CPU must be a whole number of cores' }),
    ),
    replicaMemoryGb: z.number({ error: 'Memory is required' }).check(
      z.gte(memoryGb.min, { error: `Memory must be at least ${memoryGb.min} GB` }),
      z.lte(memoryGb.max, { error: `Memory must be at most ${memoryGb.max} GB` }),
    ),
  })
  .check(
    z.refine((v) => v.replicaMemoryGb === memoryForCpu(v.replicaCpuMillicores), {
      error: `Memory must be ${CDC_SCALING_LIMITS.memoryGbPerCore} GB per CPU core`,
      path: ['replicaMemoryGb'],
    }),
  );
export type CdcScaling = z.infer<typeof cdcScalingSchema>;
