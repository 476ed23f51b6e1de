import { Badge } from '@/components/ui/badge';
import { pipeStateLabel, pipeStateTone } from './pipe-state';

export function PipeStateBadge({ state }: { state: string }) {
  return (
    <Badge tone={pipeStateTone(state)} dot>
      {pipeStateLabel(state)}
    </Badge>
  );
}
