import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconShieldCheck } from '@tabler/icons-react';
import { formatDecimal } from '@/lib/format';
import { useTokenReconciliation } from '../api/get-token-reconciliation';
import { NewTabAnchor } from '@/components/new-tab-anchor';

/** 'Conferência on-chain': whether the contract's balances match Copaíba's ledger. */
export function ReconciliationBadge({ tokenId, enabled }: { tokenId: number; enabled: boolean }) {
  const { data } = useTokenReconciliation(tokenId, enabled);
  if (!data) return null;
  const supply = `Livro-razão: ${formatDecimal(data.ledger_supply, 0)} · on-chain: ${
    data.on_chain_supply === null ? '—' : formatDecimal(data.on_chain_supply, 0)
  }`;
  const badge =
    data.status === 'ok' ? (
      <Badge color="green" variant="light" leftSection={<IconShieldCheck size={14} />}>
        Conferência on-chain: OK
      </Badge>
    ) : data.status === 'pendente' ? (
      <Badge color="gray" variant="light" leftSection={<IconClockHour4 size={14} />}>
        Conferência on-chain: {data.pending_operations} operação(ões) pendente(s)
      </Badge>
    ) : (
      <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={14} />}>
        Conferência on-chain: divergência
      </Badge>
    );
  return (
    <Group gap="xs" wrap="wrap" data-reconciliation={data.status}>
      <Tooltip label={supply} withArrow>
        {badge}
      </Tooltip>
      <Text size="xs" c="dimmed">
        {supply}
      </Text>
      {data.contract_url && (
        <NewTabAnchor href={data.contract_url} size="xs">
          Ver contrato no explorador
        </NewTabAnchor>
      )}
    </Group>
  );
}
