import { FullBadge } from '@/components/full-badge';
import { statusColor } from '../lib/status';

/** A status in full: an owned token's, coloured by statusColor, or any other with its `color`. */
export function StatusBadge({ status, color }: { status: string; color?: string }) {
  return (
    <FullBadge size="md" color={color ?? statusColor(status)} data-status-badge>
      {status}
    </FullBadge>
  );
}
