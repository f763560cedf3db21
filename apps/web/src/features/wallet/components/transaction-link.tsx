import { Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { safeExternalUrl } from '@/lib/external-url';
import { NewTabAnchor } from '@/components/new-tab-anchor';

/**
 * A statement row's on-chain record (docs/product.md §17): its explorer page, opened in a new tab,
 * once the transaction is mined; 'Pendente' while it waits; '-' for a movement the chain does not
 * record. `operation` names the row for a screen reader, where every row's link reads alike.
 */
export function TransactionLink({ scan, operation }: { scan: string | null; operation: string }) {
  if (scan === 'pendente')
    return (
      <Text span size="sm" c="dimmed">
        Pendente
      </Text>
    );
  const href = safeExternalUrl(scan);
  if (!href) return <>-</>;
  return (
    <NewTabAnchor
      href={href}
      size="sm"
      fw={600}
      style={{ whiteSpace: 'nowrap' }}
      aria-label={`Ver transação (${operation}) no explorador da blockchain, em nova aba`}
    >
      Ver transação{' '}
      <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'text-bottom' }} />
    </NewTabAnchor>
  );
}
