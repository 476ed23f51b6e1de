'use client';

import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/*
 * Charts that appear together (a pipe's seven metrics) would otherwise be drawn in one long
 * task: recharts renders each twice (once to measure, once to draw), and the page cannot answer
 * a click until all of them are done. Each chart waiting here is let through in a task of its
 * own (or a few to a task where each is quick, see TASK_BUDGET_MS), one after another, so the
 * browser can handle input between two charts.
 * The chart is drawn to the end inside its task (flushSync): its render, its effects and the
 * renders recharts' store starts from them. Let through as an ordinary update, its first render
 * came in a later task and its effects later still, where they joined the next chart's render:
 * two tiles with the same data were drawn in one task of twice the length.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

/**
 * A task goes on to the next waiting chart while it has run for less than this. A computer draws
 * a chart in a few milliseconds to a few tens: two or three share a task that stays short, instead
 * of each waiting for a timer and a repaint of the page. A phone's chart takes longer than this by
 * itself, so there each still has a task of its own.
 */
const TASK_BUDGET_MS = 16;

function letNextThrough(): void {
  scheduled = false;
  const started = performance.now();
  let next: (() => void) | undefined;
  while ((next = waiting.shift())) {
    flushSync(next);
    if (performance.now() - started >= TASK_BUDGET_MS) break;
  }
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
