import { Badge, type BadgeProps } from '@mantine/core';
import type { TokenCard } from '@copaiba/contracts';
import { tokenStatus } from '@/lib/token-figures';

type Flags = Pick<TokenCard, 'is_funding' | 'is_all_sold' | 'is_distributing'>;

/** 'Concluído' grey, '100% Vendido' red or 'Em captação' green (docs/product.md §4, docs/product.md §14). */
export function TokenStatusBadge({ token, ...props }: { token: Flags } & BadgeProps) {
  const status = tokenStatus(token);
  if (!status) return null;
  return (
    <Badge color={status.color} variant="light" radius="sm" data-status={status.key} {...props}>
      {status.label}
    </Badge>
  );
}
