'use client';

import { useEffect, useState } from 'react';

/*
 * Charts that appear together (a pipe's seven metrics) would otherwise be drawn in one long
 * task: recharts renders each twice (once to measure, once to draw), and the page cannot answer
 * a click until all of them are done. Each chart waiting here is let through in a task of its
 * own, one after another, so the browser can handle input between two charts.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

function letNextThrough(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(letNextThrough, 0);
}

/**
 * False on the first render; true from a later task, taken in turn with every other caller.
 * `prepare` (loading the chart's code) is awaited before the caller queues: charts that waited
 * for their code together would otherwise all be drawn in the task that brings it.
 */
export function useOwnTask(wanted = true, prepare?: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || ready) return;
    let mounted = true;
    const enqueue = () => {
      if (!mounted) return;
      waiting.push(() => {
        if (mounted) setReady(true);
      });
      schedule();
    };
    if (prepare) prepare().then(enqueue, enqueue);
    else enqueue();
    return () => {
      mounted = false;
    };
  }, [wanted, ready, prepare]);
  return ready;
}

/**
 * A tile's drawing: its code starts loading once the tile is seen, while its data is on the way,
 * and the drawing waits for the data and then takes a task of its own (see useOwnTask). A tile
 * not yet seen is not drawn even when its data is at hand (another tile with the same query
 * fetched it): drawing a chart nobody sees would hold up the page as it starts.
 */
export function useTileDrawing(seen: boolean, hasData: boolean, loadCode?: () => Promise<unknown>): boolean {
  useEffect(() => {
    if (seen) void loadCode?.();
  }, [seen, loadCode]);
  return useOwnTask(seen && hasData, loadCode);
}
