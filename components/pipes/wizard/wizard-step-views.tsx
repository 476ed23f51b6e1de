'use client';

import type { ComponentType } from 'react';
import { loadedLater } from '@/components/ui/loaded-later';
import { Skeleton } from '@/components/ui/skeleton';
import { KindStep } from './steps/kind-step';
import type { WizardStepId } from './wizard-steps';
import pipeStyles from '../pipes.module.css';

/** What the review step needs to send a person back to a step (and a field of it). */
export interface StepViewProps {
  onGoTo: (step: WizardStepId, path?: string) => void;
}

function StepLoading() {
  return (
    <div role="status" aria-live="polite">
      <span className={pipeStyles.muted}>Loading this step…</span>
      <Skeleton height={28} width="40%" />
    </div>
  );
}

/*
 * The first step is in the wizard's own code; each later step (every source's fields, the sample
 * reading and its preview, the type picker, the settings, the review) is its own chunk, loaded when
 * the step is reached or, earlier, when the person starts using the form (`preloadStep`): the page
 * opens with only what its first step draws.
 */
const later = <P extends object>(load: () => Promise<ComponentType<P>>) => loadedLater(load, <StepLoading />);

const STEP_VIEWS = {
  kind: Object.assign(KindStep, { preload: () => Promise.resolve() }),
  connection: later(() => import('./steps/connection-step').then((m) => m.ConnectionStep)),
  destination: later(() => import('./steps/destination-step').then((m) => m.DestinationStep)),
  mappings: later(() => import('./steps/mappings-step').then((m) => m.MappingsStep)),
  tuning: later(() => import('./steps/tuning-step').then((m) => m.TuningStep)),
  review: later(() => import('./steps/review-step').then((m) => m.ReviewStep)),
} satisfies Record<WizardStepId, { preload: () => Promise<unknown> }>;

/** The step's view; a later step shows "Loading this step…" until its code is in. */
export function StepView({ step, onGoTo }: { step: WizardStepId } & StepViewProps) {
  const View = STEP_VIEWS[step] as ComponentType<StepViewProps>;
  return <View onGoTo={onGoTo} />;
}

/** Fetches a step's code; resolves when it is in (then the step renders at once). */
export function preloadStep(step: WizardStepId): Promise<unknown> {
  return STEP_VIEWS[step].preload();
}
