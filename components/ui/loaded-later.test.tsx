// @vitest-environment happy-dom
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, settle } from '@/components/testing/render';
import { loadedLater } from './loaded-later';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('loadedLater', () => {
  it('shows the fallback until the code is in, then the part; later instances render at once', async () => {
    const code = deferred<typeof Greeting>();
    let loads = 0;
    const Later = loadedLater(
      () => {
        loads += 1;
        return code.promise;
      },
      <p>Loading…</p>,
    );
    const first = await render(<Later name="Ada" />);
    expect(document.body.textContent).toContain('Loading…');
    code.resolve(Greeting);
    await settle(2);
    expect(document.body.textContent).toContain('Hello Ada');
    await first.unmount();

    const second = await render(<Later name="Grace" fallback={<p>Wait</p>} />);
    expect(document.body.textContent).toContain('Hello Grace');
    expect(document.body.textContent).not.toContain('Wait');
    expect(loads).toBe(1);
    await second.unmount();
  });

  it('preload starts the load once, before anything renders the part', async () => {
    let loads = 0;
    const Later = loadedLater(async () => {
      loads += 1;
      return Greeting;
    });
    await Promise.all([Later.preload(), Later.preload()]);
    const view = await render(<Later name="Lin" />);
    expect(document.body.textContent).toContain('Hello Lin');
    expect(loads).toBe(1);
    await view.unmount();
  });

  it('a failed load reaches the error boundary, and a later render tries again', async () => {
    // React reports the caught error on the console; the test reads it from the boundary instead.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempt = 0;
    const Later = loadedLater(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('Chunk failed to load');
      return Greeting;
    });
    const failed = await render(
      <Boundary>
        <Later name="Kay" />
      </Boundary>,
    );
    await settle(2);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Chunk failed to load');
    await failed.unmount();

    const retried = await render(<Later name="Kay" />);
    await settle(2);
    expect(document.body.textContent).toContain('Hello Kay');
    await retried.unmount();
    quiet.mockRestore();
  });
});
