import type { ComponentType, ReactNode } from 'react';
import { loadedLater } from '@/components/ui/loaded-later';
import { browserYield } from '@/lib/browser/browser-yield';

/**
 * recharts runs a few hundred modules the first time it is imported (its store, its selectors,
 * the axes and shapes), all in one task: on a phone that task alone kept the page from answering
 * for ~150 ms. Its heaviest parts are brought in first, each in a task of its own, so that the
 * chart's own import finds them ready. The paths are recharts' ES modules (it has no exports map),
 * each a part the chart code imports anyway: nothing more is loaded than before.
 */
const STAGES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('recharts/es6/state/selectors/combiners/combineConfiguredScale'), // d3-scale
  () => import('recharts/es6/state/selectors/polarAxisSelectors'),
  () => import('recharts/es6/state/selectors/axisSelectors'),
  () => import('recharts/es6/state/selectors/tooltipSelectors'),
  () => import('recharts/es6/state/store'),
  () => import('recharts/es6/cartesian/XAxis'),
  () => import('recharts/es6/cartesian/Line'),
];

/**
 * Lets the browser handle input and paint, then goes on ahead of other queued work (a timer
 * would wait behind every tile's pending render): `scheduler.yield()` where the browser has it.
 */
function nextTask(): Promise<void> {
  return browserYield() ?? new Promise((resolve) => setTimeout(resolve, 0));
}

let staged: Promise<void> | undefined;

/** Resolves once recharts' heavy modules are evaluated, one part per task; a failure is left to the chart's own import. */
export function loadRechartsInStages(): Promise<void> {
  staged ??= (async () => {
    for (const stage of STAGES) {
      await stage();
      await nextTask();
    }
  })().catch(() => {});
  return staged;
}

/**
 * Below this width the screen is a phone's, whose CPU needs the stages. A wider screen is a
 * computer's, which evaluates all of recharts in a few tens of ms: there the chart's code is
 * imported at once, in one round trip to the server instead of eight in turn (each stage's chunks
 * are only asked for once the stage before is in).
 */
const STAGES_BELOW_PX = 1024;
const inStages = () => typeof window === 'undefined' || window.innerWidth < STAGES_BELOW_PX;

/** A chart part drawn with recharts, loaded as loadedLater does; on a phone once recharts' heavy modules are in (see above). */
export function loadedAfterRecharts<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: ReactNode) {
  return loadedLater(() => (inStages() ? loadRechartsInStages().then(load) : load()), fallback);
}
