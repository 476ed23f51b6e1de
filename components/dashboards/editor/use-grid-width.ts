'use client';

import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * The grid frame's width, measured once the frame is in the page and again on every resize;
 * `null` until the first measure, since the grid places its tiles in pixels. Every measure is
 * applied as a transition: the grid's first render of all the tiles then yields to the browser
 * every few milliseconds instead of holding the main thread for the whole dashboard (a phone
 * spent a quarter of a second in it), and a resize never blocks typing or scrolling.
 */
export function useGridWidth<T extends HTMLElement>() {
  const containerRef = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const node = containerRef.current;
    if (!node) return;
    const apply = (next: number) => startTransition(() => setWidth(Math.round(next)));
    if (typeof ResizeObserver === 'undefined') {
      apply(node.clientWidth);
      return;
    }
    // The first observation comes with the frame's current size.
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) apply(entry.contentRect.width);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { width, containerRef };
}
