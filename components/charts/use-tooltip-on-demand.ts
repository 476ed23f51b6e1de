'use client';

import { useState, type FocusEventHandler, type PointerEventHandler } from 'react';

export interface TooltipTriggers {
  onPointerMove?: PointerEventHandler;
  onPointerDown?: PointerEventHandler;
  onFocus?: FocusEventHandler;
}

/**
 * Whether a chart's recharts `<Tooltip>` is mounted yet, and the handlers for the chart's frame
 * that mount it. recharts' tooltip is the largest single part of a chart's first draw (about 90 ms
 * of 460 on a phone's first chart under Lighthouse's 4× slowdown, bench/charts' harness), and no
 * one reads it until they point at the chart: it is mounted when a pointer (mouse, pen or touch)
 * first moves over or presses the chart, or the keyboard first focuses it. recharts keeps the
 * pointer's position in its own store, so the tooltip shows at once for the event that mounted it.
 */
export function useTooltipOnDemand(): [wanted: boolean, triggers: TooltipTriggers] {
  const [wanted, setWanted] = useState(false);
  if (wanted) return [true, {}];
  const want = () => setWanted(true);
  return [false, { onPointerMove: want, onPointerDown: want, onFocus: want }];
}
