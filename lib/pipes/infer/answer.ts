/**
 * One inference as the wizard asks for it, wherever it runs (the inference worker, or the page
 * when workers are unavailable): the inferred sample, or the reason it could not be read.
 */
import { inferSample, type InferredSample } from './infer';
import { SampleError } from './sample';

export type InferAnswer =
  { ok: true; sample: InferredSample; ms: number } | { ok: false; message: string; line?: number; column?: number };

export function answerSample(text: string): InferAnswer {
  const started = performance.now();
  try {
    const sample = inferSample(text);
    return { ok: true, sample, ms: performance.now() - started };
  } catch (error) {
    if (error instanceof SampleError)
      return { ok: false, message: error.message, line: error.line, column: error.column };
    // Anything else is a fault of the reader, not of the sample: say so rather than blame the input.
    return {
      ok: false,
      message: `The sample could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
