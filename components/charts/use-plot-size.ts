'use client';

import { useLayoutEffect, useState } from 'react';

export interface PlotSize {
  width: number;
  height: number;
}

/**
 * The size in whole CSS pixels of the element given to the returned ref, read before the first
 * paint and followed with ResizeObserver; null until read. A chart given this size draws once:
 * recharts' own `responsive` mode first renders the whole chart at size 0, then measures its box
 * and renders it all again. A callback ref, so that a chart whose box changes (a pie turned into
 * bars) follows the new one.
 */
export function usePlotSize(): [(element: Element | null) => void, PlotSize | null] {
  const [element, setElement] = useState<Element | null>(null);
  const [size, setSize] = useState<PlotSize | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const read = (width: number, height: number) => {
      const next = { width: Math.round(width), height: Math.round(height) };
      // Sub-pixel jitter must not draw the chart again.
      setSize((current) => (current?.width === next.width && current.height === next.height ? current : next));
    };
    const box = element.getBoundingClientRect();
    read(box.width, box.height);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const rect = entries[entries.length - 1]?.contentRect;
      if (rect) read(rect.width, rect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, size];
}
