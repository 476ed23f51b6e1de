/**
 * The page's side of inference: the sample goes to the inference worker (loaded the first time a
 * sample arrives, with papaparse inside it, so neither weighs on the wizard's first load). Where a
 * worker cannot start, the same code is loaded into the page instead.
 */
import type { InferAnswer } from './answer';

interface WorkerReply {
  id: number;
  answer: InferAnswer;
}

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, { text: string; resolve: (answer: InferAnswer) => void }>();

async function inPage(text: string): Promise<InferAnswer> {
  const { answerSample } = await import('./answer');
  return answerSample(text);
}

/** The worker then gave up (a load or script failure): what it was still asked is answered in the page. */
function abandonWorker(): void {
  worker?.terminate();
  worker = null;
  const pending = [...waiting.values()];
  waiting.clear();
  for (const { text, resolve } of pending) void inPage(text).then(resolve);
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./infer.worker.ts', import.meta.url), { type: 'module', name: 'sample-inference' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const entry = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      entry?.resolve(event.data.answer);
    };
    worker.onerror = abandonWorker;
  } catch {
    worker = null;
  }
  return worker;
}

/** Starts the worker ahead of the first sample (the destination step does when it opens), so its code is loaded by then. */
export function prepareSampleInference(): void {
  if (typeof Worker !== 'undefined') startWorker();
}

/** Infers a sample's columns off the main thread. */
export function inferSampleOffThread(text: string): Promise<InferAnswer> {
  const target = typeof Worker === 'undefined' ? null : startWorker();
  if (!target) return inPage(text);
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, { text, resolve });
    target.postMessage({ id, text });
  });
}
