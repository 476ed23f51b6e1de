'use client';

import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useMounted } from './stand-in';

/*
 * Why not React.lazy (or next/dynamic, which is built on it) for parts a page shows while it
 * loads: a lazy part suspends, and React then holds back every later Suspense reveal until 300 ms
 * after the last fallback appeared. On a dashboard whose twenty tiles each bring a lazily loaded
 * chart and menu, that throttle, not the work, decided when the tiles appeared. Here the part is
 * rendered in place of its fallback once its code is in: no Suspense, nothing held back.
 */

export type LoadedLaterComponent<P> = ((props: P & { fallback?: ReactNode }) => ReactNode) & {
  /** Starts loading the code (e.g. while the part's data is fetched); resolves when it is in. */
  preload: () => Promise<unknown>;
};

/**
 * A component whose code is loaded when it is first rendered (or preloaded), showing `fallback`
 * until then; once loaded, every later instance renders at once. Server and hydration renders
 * show the fallback. A failed load is thrown to the nearest error boundary.
 */
export function loadedLater<P extends object>(
  load: () => Promise<ComponentType<P>>,
  defaultFallback: ReactNode = null,
): LoadedLaterComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // the next render tries again
        throw error;
      },
    ));

  function LoadedLater({ fallback = defaultFallback, ...props }: P & { fallback?: ReactNode }) {
    const mounted = useMounted();
    const [component, setComponent] = useState<ComponentType<P> | undefined>(undefined);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    if (failure) throw failure.error;
    const Component = mounted ? (component ?? loaded) : undefined;
    useEffect(() => {
      if (!mounted || Component) return;
      let live = true;
      preload().then(
        // A transition: a large part (a grid of tiles) renders in slices, yielding to input.
        (next) => live && startTransition(() => setComponent(() => next)),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [mounted, Component]);
    return Component ? <Component {...(props as P)} /> : fallback;
  }
  return Object.assign(LoadedLater, { preload });
}
