'use client';

import { useEffect, useState, useSyncExternalStore, type PointerEvent, type RefObject } from 'react';
import { useOnceTrue } from './use-once-true';
import { whenIdle } from './when-idle';

/*
 * A menu whose code loads after the page shows a stand-in button until it is wanted. What happens to the
 * stand-in (a press, keyboard focus) is handed to the real menu when it mounts, so a quick press
 * or a Tab through the page is not lost in the swap.
 */

/**
 * Menus whose code is already waiting for an idle moment. Twenty tiles or rows share one menu's
 * code: one idle callback loads it. Each stand-in asking for its own made twenty
 * `requestIdleCallback` calls in the task where the page's effects run (30 ms of a 99 ms task in a
 * traced phone load of a 20-tile dashboard, where each timer call records its stack).
 */
const queued = new WeakSet<() => Promise<unknown>>();

function preloadWhenIdle(preload: () => Promise<unknown>): void {
  if (queued.has(preload)) return;
  queued.add(preload);
  // A failed load is tried again when the menu is wanted.
  whenIdle(() => void preload().catch(() => {}));
}

export interface Handover {
  /** The stand-in was pressed: open at once. */
  open: boolean;
  /** The stand-in had focus: the real trigger takes it. */
  focus: boolean;
}

/**
 * Props for the stand-in button, what to hand to the real menu, and whether the real menu is
 * wanted: from the first time the stand-in is pointed at, focused or pressed, for good. Until
 * then a page keeps its stand-ins, so twenty rows do not build twenty menus while it loads;
 * `preload` fetches the menu's code once the page is up and idle, so the swap is immediate.
 */
export function useStandIn(preload: () => Promise<unknown>) {
  const [handover, setHandover] = useState<Handover>({ open: false, focus: false });
  const [pointedAt, setPointedAt] = useState(false);
  const wanted = useOnceTrue(pointedAt || handover.open || handover.focus);
  useEffect(() => preloadWhenIdle(preload), [preload]);
  const press = () => setHandover((h) => ({ ...h, open: true }));
  const standInProps = {
    'aria-haspopup': 'menu' as const,
    onPointerEnter: () => setPointedAt(true),
    // Like Radix's trigger, a mouse opens on pointer down (should the real menu replace the stand-in
    // between down and up, the click would land on neither) and keeps the browser from moving focus:
    // the stand-in may be gone by then, and focus sent to its container would close the new menu.
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      press();
    },
    onClick: press,
    onFocus: () => setHandover((h) => ({ ...h, focus: true })),
    onBlur: () => setHandover((h) => ({ ...h, focus: false })),
  };
  return { standInProps, handover, wanted };
}

/** In the real menu: takes the stand-in's focus on mount (an opening menu moves focus itself). */
export function useTakeOver(trigger: RefObject<HTMLElement | null>, handover: Handover): void {
  const [{ open, focus }] = useState(handover);
  useEffect(() => {
    if (focus && !open) trigger.current?.focus();
  }, [trigger, focus, open]);
}

/** False during the server render and hydration, true after: a lazy part then starts loading. */
export function useMounted(): boolean {
  // The server snapshot is used for the server render and hydration, the client one after.
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

const subscribeToNothing = () => () => {};
