import type { PipeKind } from '@/lib/schemas/pipes/bounds';

export const WIZARD_STEPS = [
  { id: 'kind', title: 'Source kind', fields: ['name', 'kind'] },
  { id: 'connection', title: 'Connection', fields: ['source'] },
  { id: 'destination', title: 'Destination', fields: ['destination'] },
  { id: 'mappings', title: 'Field mappings', fields: ['fieldMappings'] },
  { id: 'tuning', title: 'Scaling and settings', fields: ['scaling', 'settings'] },
  { id: 'review', title: 'Review', fields: [] },
] as const;

export type WizardStepId = (typeof WIZARD_STEPS)[number]['id'];
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Postgres pipes replicate tables by their table mappings: there are no columns to map. */
export function stepsFor(kind: PipeKind | ''): WizardStep[] {
  return WIZARD_STEPS.filter((step) => !(kind === 'postgres' && step.id === 'mappings'));
}

/** The step whose fields hold `path` (a dotted form path such as `source.kafka.brokers`). */
export function stepOwning(path: string, kind: PipeKind | ''): WizardStepId {
  const root = path.split('.')[0] ?? '';
  const owner = stepsFor(kind).find((step) => (step.fields as readonly string[]).includes(root));
  return owner?.id ?? 'review';
}

export const isWizardStepId = (value: unknown): value is WizardStepId => WIZARD_STEPS.some((step) => step.id === value);
