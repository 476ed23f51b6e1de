/**
 * Props for a control that opens a part whose code loads on demand (a dialog mounted on its first
 * opening): pointing at or focusing the control starts the load, so the code is in, or on its way,
 * by the time it is pressed. A failed load is tried again when the part mounts.
 */
export function preloadOnIntent(load: () => Promise<unknown>) {
  const start = () => void load().catch(() => {});
  return { onPointerEnter: start, onFocus: start };
}
