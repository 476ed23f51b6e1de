/**
 * Browser side of bench/infer, bundled by esbuild into a plain page: infers the columns of a
 * 10,000-line JSON sample with the wizard's own code, on the page's thread (the computation
 * itself) and through the inference worker (what the wizard does: post the text, get the answer).
 */
import { inferSample } from '@/lib/pipes/infer/infer';

export interface InferRun {
  lines: number;
  runs: number;
  /** The inference worker's code, bundled on its own. */
  workerSource: string;
}

export interface InferHarnessResult {
  bytes: number;
  columns: number;
  mainThreadMs: number[];
  workerMs: number[];
}

declare global {
  interface Window {
    benchInfer: (run: InferRun) => Promise<InferHarnessResult>;
  }
}

/** A deterministic sample: nested objects, lists, nullable fields, ISO and epoch times. */
function sample(lines: number): string {
  const out: string[] = [];
  const start = Date.UTC(2026, 10, 25);
  for (let i = 0; i < lines; i++) {
    out.push(
      JSON.stringify({
        event_id: i + 1,
        event_uuid: `6f1c2a4e-8a3b-4c5d-9e0f-${String(i).padStart(12, '0')}`,
        user: {
          id: `u-${i % 977}`,
          email: `user${i % 977}@example.com`,
          plan: i % 5 === 0 ? null : ['free', 'pro', 'team'][i % 3],
        },
        tags: i % 4 === 0 ? [] : ['web', 'mobile', 'api'].slice(0, (i % 3) + 1),
        amount: i % 7 === 0 ? i : i + 0.25,
        quantity: i % 13,
        paid: i % 2 === 0,
        created_at: new Date(start + i * 1_000).toISOString(),
        updated_ts: start + i * 1_000 + 250,
        note: i % 10 === 0 ? `note ${i}` : undefined,
      }),
    );
  }
  return out.join('\n');
}

function inWorker(worker: Worker, text: string, id: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    worker.onmessage = (event: MessageEvent<{ id: number; answer: { ok: boolean } }>) => {
      if (event.data.id !== id || !event.data.answer.ok) reject(new Error('the worker did not infer the sample'));
      else resolve(performance.now() - started);
    };
    worker.postMessage({ id, text });
  });
}

window.benchInfer = async ({ lines, runs, workerSource }) => {
  const text = sample(lines);
  const columns = inferSample(text).columns.length;
  const mainThreadMs: number[] = [];
  for (let warm = 0; warm < 3; warm++) inferSample(text);
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    inferSample(text);
    mainThreadMs.push(performance.now() - started);
  }
  const worker = new Worker(URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' })));
  const workerMs: number[] = [];
  for (let warm = 0; warm < 3; warm++) await inWorker(worker, text, -1 - warm);
  for (let run = 0; run < runs; run++) workerMs.push(await inWorker(worker, text, run));
  worker.terminate();
  return { bytes: new Blob([text]).size, columns, mainThreadMs, workerMs };
};
