import { afterEach, describe, expect, it } from 'vitest';
import {
  isDraining,
  onShutdown,
  resetLifecycle,
  runShutdownSteps,
  startDraining,
  trackUntilShutdown,
} from './lifecycle';

afterEach(resetLifecycle);

describe('the process lifecycle', () => {
  it('waits for tracked writes, then runs flush steps, then close steps, reporting a failing or hanging step and going on', async () => {
    const order: string[] = [];
    let finishWrite!: () => void;
    void trackUntilShutdown(
      new Promise<void>((resolve) => (finishWrite = resolve)).then(() => void order.push('audit write')),
    );
    onShutdown('test database', 'close', async () => void order.push('database closed'));
    onShutdown('test flush', 'flush', async () => void order.push('flushed'));
    onShutdown('test broken', 'close', async () => {
      throw new Error('refused');
    });
    onShutdown('test hanging', 'close', () => new Promise<void>(() => {}));
    const failures: string[] = [];

    expect(isDraining()).toBe(false);
    startDraining();
    expect(isDraining()).toBe(true);
    const stopping = runShutdownSteps((name, error) => failures.push(`${name}: ${(error as Error).message}`), 200);
    expect(order).toEqual([]);
    finishWrite();
    const done = await stopping;

    expect(order).toEqual(['audit write', 'flushed', 'database closed']);
    expect(failures.sort()).toEqual(['test broken: refused', 'test hanging: did not finish within 200 ms']);
    expect(done).toEqual(['test flush', 'test database']);
  });
});
