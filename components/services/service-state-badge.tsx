import { Badge } from '@/components/ui/badge';
import { serviceIsAsleep, serviceStateLabel } from '@/lib/services/service-state';

/** A service's state as a badge: running green, asleep grey, anything else (starting, degraded) amber. */
export function ServiceStateBadge({ state }: { state: string | undefined }) {
  const tone = state?.toLowerCase() === 'running' ? 'success' : serviceIsAsleep(state) ? 'neutral' : 'warning';
  return (
    <Badge tone={tone} dot>
      {serviceStateLabel(state)}
    </Badge>
  );
}
