'use client';

import { useEffect, useState, type RefObject } from 'react';

export interface ScrollCue {
  /** The content is taller than its box: the box scrolls. */
  overflowing: boolean;
  /** More content above / below what is shown. */
  above: boolean;
  below: boolean;
}

const NONE: ScrollCue = { overflowing: false, above: false, below: false };

/**
 * Whether a scrolling box has content out of sight, kept current as it scrolls, resizes or its
 * content changes, so the box can show that it scrolls (a fade at the cut edge) and take focus.
 */
export function useScrollCue(ref: RefObject<HTMLElement | null>): ScrollCue {
  const [cue, setCue] = useState<ScrollCue>(NONE);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const overflowing = box.scrollHeight > box.clientHeight + 1;
      const next = {
        overflowing,
        above: overflowing && box.scrollTop > 1,
        below: overflowing && box.scrollTop + box.clientHeight < box.scrollHeight - 1,
      };
      setCue((prev) =>
        prev.overflowing === next.overflowing && prev.above === next.above && prev.below === next.below ? prev : next,
      );
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(box);
    for (const child of Array.from(box.children)) resized.observe(child);
    return () => {
      box.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, [ref]);
  return cue;
}
