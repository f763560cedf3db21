import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A light badge that always shows its whole label: Mantine's Badge cuts its label with an ellipsis,
 * and in an auto-width table column that left 'Em capta…'. The label keeps its own width here.
 */
export function FullBadge({ children, ...props }: BadgeProps & { children: ReactNode }) {
  return (
    <Badge
      variant="light"
      radius="sm"
      tt="none"
      {...props}
      styles={{
        root: { overflow: 'visible', minWidth: 'max-content', flexShrink: 0 },
        label: { overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {children}
    </Badge>
  );
}
