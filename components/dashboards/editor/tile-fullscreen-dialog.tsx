'use client';

/**
 * One tile over the whole window with a time range of its own (the dashboard's range is the
 * starting point and stays as it was), so a spike can be looked at closer without moving every
 * other tile. Loaded on demand.
 */
import { useMemo, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { GRANULARITIES, type GranularityOption } from '@/lib/charts/granularity';
import type { DashboardScope } from '@/lib/charts/dashboard-scope';
import type { ChartRange } from '@/lib/charts/tile-shape';
import { RANGE_PRESETS, type RangePreset } from '@/components/charts/time-range/time-range';
import { TileContent } from '../tiles/tile-content';
import type { DraftTile } from '../layout';
import styles from './editor.module.css';

export interface TileFullscreenDialogProps {
  tile: DraftTile | null;
  onClose: () => void;
  range: ChartRange;
  scope: DashboardScope;
  sourceNames: ReadonlyMap<string, string>;
}

const DASHBOARD = 'dashboard';

export function TileFullscreenDialog({ tile, onClose, range, scope, sourceNames }: TileFullscreenDialogProps) {
  const [preset, setPreset] = useState<RangePreset | typeof DASHBOARD>(DASHBOARD);
  const [granularity, setGranularity] = useState<GranularityOption>(range.granularity);
  const [anchor] = useState(() => Date.now());
  const own = useMemo((): ChartRange => {
    if (preset === DASHBOARD) return { ...range, granularity };
    return {
      startMs: anchor - RANGE_PRESETS[preset].ms,
      endMs: anchor,
      granularity,
      relativeMs: RANGE_PRESETS[preset].ms,
    };
  }, [preset, range, granularity, anchor]);
  return (
    <Dialog open={tile !== null} onOpenChange={(open) => !open && onClose()} title={tile?.name ?? ''} wide>
      {tile && (
        <div className={styles.fullscreen}>
          <div className={styles.fullscreenControls}>
            <SelectField
              label="Time range of this view"
              value={preset}
              onChange={(e) => setPreset(e.target.value as RangePreset | typeof DASHBOARD)}
              options={[
                { value: DASHBOARD, label: 'As on the dashboard' },
                ...Object.entries(RANGE_PRESETS).map(([value, p]) => ({ value, label: p.label })),
              ]}
            />
            <SelectField
              label="Granularity"
              value={granularity}
              onChange={(e) => setGranularity(e.target.value as GranularityOption)}
              options={[
                { value: 'auto', label: 'Auto' },
                ...Object.keys(GRANULARITIES).map((g) => ({ value: g, label: g })),
              ]}
            />
          </div>
          <div className={styles.fullscreenBody}>
            <TileContent tile={tile} charts range={own} scope={scope} sourceNames={sourceNames} />
          </div>
        </div>
      )}
    </Dialog>
  );
}
