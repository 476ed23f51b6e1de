// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/testing/render';
import { useStandIn } from './stand-in';

function StandIn({ preload, name }: { preload: () => Promise<unknown>; name: string }) {
  const { standInProps } = useStandIn(preload);
  return (
    <button type="button" {...standInProps}>
      {name}
    </button>
  );
}

describe('useStandIn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for one idle moment per menu, however many stand-ins show it, and loads its code then', async () => {
    const idle: Array<() => void> = [];
    const requestIdleCallback = vi.fn((work: () => void) => idle.push(work));
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const rowMenu = vi.fn(async () => undefined);
    const userMenu = vi.fn(async () => undefined);
    const { unmount } = await render(
      <>
        {Array.from({ length: 20 }, (_, i) => (
          <StandIn key={i} preload={rowMenu} name={`Actions for row ${i}`} />
        ))}
        <StandIn preload={userMenu} name="Account menu" />
      </>,
    );
    expect(requestIdleCallback).toHaveBeenCalledTimes(2);
    expect(rowMenu).not.toHaveBeenCalled();
    for (const work of idle) work();
    expect(rowMenu).toHaveBeenCalledOnce();
    expect(userMenu).toHaveBeenCalledOnce();
    await unmount();
  });
});
