'use client';

import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so relative times and expiry marks stay true. */
export function useNow(intervalMs: number = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
