import { isTransitionalPipeState } from '@/lib/schemas/pipes/bounds';
import type { PipeRecord } from '@/lib/schemas/pipes/record';

/**
 * Whether a pipe's state will change by itself: a transitional state, or a one-shot object-storage
 * pipe (not continuous) that is running and will complete once its files are read.
 */
export function pipeIsSettling(pipe: Pick<PipeRecord, 'state' | 'source'>): boolean {
  if (isTransitionalPipeState(pipe.state)) return true;
  const objectStorage = pipe.source?.objectStorage;
  return pipe.state === 'Running' && !!objectStorage && objectStorage.isContinuous !== true;
}
