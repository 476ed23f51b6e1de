'use client';

import { useEffect, useState, type RefObject } from 'react';

/** Marks the element whose being on screen counts for everything inside it (a dashboard tile). */
export const VIEW_FRAME_ATTRIBUTE = 'data-view-frame';

/**
 * The viewport less a pixel at its top and bottom: an element whose edge only touches the
 * viewport's (a tile starting exactly at the fold) shows nothing, yet counts as intersecting.
 */
export const ON_SCREEN_MARGIN = '-1px 0px';

/**
 * Whether the element is on screen (within `rootMargin`), and whether it ever was. Without
 * IntersectionObserver (old browsers, some test DOMs) everything counts as visible. Tiles fetch
 * once seen: by default only what is on screen, so a long dashboard costs what is looked at.
 */
export function useInView(
  ref: RefObject<Element | null>,
  rootMargin = ON_SCREEN_MARGIN,
): { visible: boolean; seen: boolean } {
  const supported = typeof IntersectionObserver !== 'undefined';
  const [visible, setVisible] = useState(!supported);
  const [seen, setSeen] = useState(!supported);
  useEffect(() => {
    // Inside a tile, the tile is what is looked at: a tile one row high has no room below its
    // header, so its chart's own frame is clipped to nothing while the tile is plainly on screen.
    const element = ref.current?.closest(`[${VIEW_FRAME_ATTRIBUTE}]`) ?? ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        setVisible(entry.isIntersecting);
        if (entry.isIntersecting) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin]);
  return { visible, seen };
}
