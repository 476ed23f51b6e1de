'use client';

import { useEffect, useState, type RefObject } from 'react';

/** The element's content width in CSS pixels, followed with ResizeObserver; `fallback` until measured. */
export function useElementWidth(ref: RefObject<Element | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const measured = entries[entries.length - 1]?.contentRect.width;
      // Whole pixels: sub-pixel jitter must not re-run the reduction.
      if (measured && measured > 0) setWidth(Math.round(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
