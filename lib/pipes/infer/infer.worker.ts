/// <reference lib="webworker" />
/**
 * The inference worker: parses and infers a sample off the page's main thread, so a large sample
 * never stalls typing. One message in (`{ id, text }`), one answer out (`{ id, answer }`).
 */
import { answerSample } from './answer';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<{ id: number; text: string }>) => {
  const { id, text } = event.data;
  self.postMessage({ id, answer: answerSample(text) });
};
