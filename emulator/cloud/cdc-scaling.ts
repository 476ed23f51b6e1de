import { HttpError } from '../http/errors';
import type { CdcScaling, Service } from '../state';
import { SERVICE, route, type CloudContext, type CloudRouter } from './context';
import { objectBody, requireService } from './lookup';

export const CDC_SCALING_BOUNDS = {
  cpuMillicores: { min: 1000, max: 24000 },
  memoryGb: { min: 4, max: 96 },
  memoryGbPerCore: 4,
} as const;

function scalingOf(ctx: CloudContext): { service: Service; scaling: CdcScaling } {
  const service = requireService(ctx);
  const scaling = ctx.state.cdcScaling.get(service.id);
  if (!ctx.state.hasPostgresPipe(service.id) || !scaling) {
    throw new HttpError(
      400,
      `no database pipe has been provisioned on service ${service.id}; database pipe scaling is available once one exists`,
    );
  }
  return { service, scaling };
}

function parsePatch(body: Record<string, unknown>, current: CdcScaling): CdcScaling {
  const { cpuMillicores: cpu, memoryGb: memory, memoryGbPerCore } = CDC_SCALING_BOUNDS;
  if (body.replicaCpuMillicores === undefined && body.replicaMemoryGb === undefined) {
    throw new HttpError(400, 'replicaCpuMillicores or replicaMemoryGb is required');
  }
  const next = { ...current };
  if (body.replicaCpuMillicores !== undefined) {
    const value = body.replicaCpuMillicores;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < cpu.min || value > cpu.max) {
      throw new HttpError(400, `replicaCpuMillicores must be an integer between ${cpu.min} and ${cpu.max}`);
    }
    next.replicaCpuMillicores = value;
  }
  if (body.replicaMemoryGb !== undefined) {
    const value = body.replicaMemoryGb;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < memory.min || value > memory.max) {
      throw new HttpError(400, `replicaMemoryGb must be a number between ${memory.min} and ${memory.max}`);
    }
    next.replicaMemoryGb = value;
  }
  const expected = (next.replicaCpuMillicores / 1000) * memoryGbPerCore;
  if (next.replicaMemoryGb !== expected) {
    throw new HttpError(
      400,
      `replicaMemoryGb must be ${memoryGbPerCore} GB per CPU core: ${expected} for ${next.replicaCpuMillicores} replicaCpuMillicores`,
    );
  }
  return next;
}

export function registerCdcScalingRoutes(router: CloudRouter): void {
  router.get(
    `${SERVICE}/clickpipesCdcScaling`,
    route('developer', (ctx) => ({ ...scalingOf(ctx).scaling })),
  );
  router.patch(
    `${SERVICE}/clickpipesCdcScaling`,
    route('developer', (ctx) => {
      const { service, scaling } = scalingOf(ctx);
      const next = parsePatch(objectBody(ctx), scaling);
      ctx.state.cdcScaling.set(service.id, next);
      return { ...next };
    }),
  );
}
