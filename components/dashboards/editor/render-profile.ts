/**
 * Counts renders of tile contents when a profiler asked for it (bench/drag.ts sets
 * `window.__sluiceProfile` before the page loads). Off, it is one property read per render.
 */
interface SluiceProfile {
  tileRenders: Record<string, number>;
}

declare global {
  interface Window {
    __sluiceProfile?: SluiceProfile;
  }
}

export function countTileRender(tileName: string): void {
  if (typeof window === 'undefined') return;
  const profile = window.__sluiceProfile;
  if (profile) profile.tileRenders[tileName] = (profile.tileRenders[tileName] ?? 0) + 1;
}
