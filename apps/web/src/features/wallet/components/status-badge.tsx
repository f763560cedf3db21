import { Badge } from '@mantine/core';
import { statusColor } from '../lib/status';

/**
 * A status in full (an owned token's, coloured by statusColor, or any other with its `color`):
 * Mantine's Badge cuts its label with an ellipsis, and in an auto-width table column that left
 * 'Em capta…'. The label keeps its own width here instead.
 */
export function StatusBadge({ status, color }: { status: string; color?: string }) {
  return (
    <Badge
      variant="light"
      radius="sm"
      size="md"
      tt="none"
      color={color ?? statusColor(status)}
      data-status-badge
      styles={{
        root: { overflow: 'visible', minWidth: 'max-content', flexShrink: 0 },
        label: { overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {status}
    </Badge>
  );
}
