import { useState } from 'react';

/**
 * True from the first render where `value` is true, for good. A dialog whose code loads on
 * demand is mounted from its first opening on (not before: that would load its code with the
 * page), and stays mounted so later closings keep their animation and return focus.
 */
export function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  // Updating state while rendering is React's way to remember something about earlier renders.
  if (value && !once) setOnce(true);
  return once || value;
}
