import * as z from 'zod/mini';

import { CDC_SCALING_LIMITS, memoryForCpu } from './scaling-bounds';

export * from './scaling-bounds';

const { cpuMillicores, memoryGb } = CDC_SCALING_LIMITS;

export const cdcScalingSchema = z
  .object({
    replicaCpuMillicores: z.number({ error: 'CPU is required' }).check(
      z.refine(Number.isInteger, { error: 'CPU must be a whole number of millicores' }),
      z.gte(cpuMillicores.min, {
        error: `CPU must be at least ${cpuMillicores.min / 1000} core (${cpuMillicores.min} millicores)`,
      }),
      z.lte(cpuMillicores.max, {
        error: `CPU must be at most ${cpuMillicores.max / 1000} cores (${cpuMillicores.max} millicores)`,
      }),
      z.multipleOf(cpuMillicores.step, { error: 'CPU must be a whole number of cores' }),
    ),
    replicaMemoryGb: z
      .number({ error: 'Memory is required' })
      .check(
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
