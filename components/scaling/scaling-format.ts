import { formatNumber } from '@/lib/format/number';
import { computeUnits, memoryForCpu } from '@/lib/schemas/scaling-bounds';

const number = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });

export function millicoresToCores(millicores: number): number {
  return millicores / 1000;
}

/** Whole millicores for a number of cores as typed; `undefined` stays empty. */
export function coresToMillicores(cores: number | undefined): number | undefined {
  return cores === undefined ? undefined : Math.round(cores * 1000);
}

export function formatCores(millicores: number): string {
  const cores = millicoresToCores(millicores);
  return `${number(cores)} ${cores === 1 ? 'core' : 'cores'}`;
}

export function formatMemory(gb: number): string {
  return `${number(gb)} GB`;
}

export function formatComputeUnits(millicores: number): string {
  const units = computeUnits(millicores);
  return `${number(units)} ${units === 1 ? 'compute unit' : 'compute units'}`;
}

/** What a CPU value amounts to, for the live summary beside the form; undefined when not a number. */
export function scalingSummary(millicores: number | undefined) {
  if (millicores === undefined || !Number.isFinite(millicores)) return undefined;
  return {
    cores: formatCores(millicores),
    memory: formatMemory(memoryForCpu(millicores)),
    units: formatComputeUnits(millicores),
  };
}
