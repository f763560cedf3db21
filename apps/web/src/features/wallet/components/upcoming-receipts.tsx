import type { UpcomingReceipt } from '@copaiba/contracts';
import { Table, Text } from '@mantine/core';
import { IconCalendarDollar } from '@tabler/icons-react';
import { EmptyList, LoadError, LoadingRows } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useUpcomingReceipts } from '../api/get-upcoming-receipts';
import { money } from './money-text';
import { RecordCards } from '@/components/record-cards';
import { StatusBadge } from './status-badge';
import { WalletSection } from './wallet-section';

const STATUS: Record<UpcomingReceipt['status'], { label: string; color: string }> = {
  pendente: { label: 'A receber', color: 'copaiba' },
  atrasado: { label: 'Atrasado', color: 'red' },
  previsto: { label: 'Previsto', color: 'gray' },
};

function ReceiptStatus({ status }: { status: UpcomingReceipt['status'] }) {
  return <StatusBadge status={STATUS[status].label} color={STATUS[status].color} />;
}

const installment = (r: UpcomingReceipt) => `${r.installment_number}/${r.installments}`;

function ReceiptsTable({ rows, hidden }: { rows: UpcomingReceipt[]; hidden: boolean }) {
  return (
    <Table.ScrollContainer minWidth={620} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Token</Table.Th>
            <Table.Th ta="center">Parcela</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Situação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.token_id}-${r.installment_number}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.date)}</Table.Td>
              <Table.Td>
                <Text fw={600} lh={1.3}>
                  {r.name_token}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {r.symbol}
                </Text>
              </Table.Td>
              <Table.Td ta="center">{installment(r)}</Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {money(r.amount, hidden)}
              </Table.Td>
              <Table.Td>
                <ReceiptStatus status={r.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * 'Próximos recebimentos' on /wallet (docs/product.md §17): the next installments of every token
 * held, with what is still to come in all. 'Previsto' while the offer is still funding.
 */
export function UpcomingReceipts({ hidden, wide }: { hidden: boolean; wide: boolean }) {
  const query = useUpcomingReceipts();
  return (
    <WalletSection id="upcoming-receipts" title="Próximos recebimentos">
      {query.isPending ? (
        <LoadingRows rows={3} />
      ) : query.isError ? (
        <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.count === 0 ? (
        <EmptyList message="Nenhum recebimento previsto." icon={IconCalendarDollar} />
      ) : (
        <>
          {wide ? (
            <ReceiptsTable rows={query.data.results} hidden={hidden} />
          ) : (
            <RecordCards
              label="Próximos recebimentos"
              items={query.data.results.map((r) => ({
                key: `${r.token_id}-${r.installment_number}`,
                title: r.name_token,
                subtitle: r.symbol,
                aside: <ReceiptStatus status={r.status} />,
                fields: [
                  { label: 'Data', value: formatDate(r.date) },
                  { label: 'Parcela', value: installment(r) },
                  { label: 'Valor', value: money(r.amount, hidden) },
                  { label: 'Unidades', value: r.quantity },
                ],
              }))}
            />
          )}
          <Text size="sm" c="dimmed" data-testid="upcoming-total">
            {query.data.count > query.data.results.length
              ? `Mostrando as ${query.data.results.length} primeiras de ${query.data.count} parcelas a receber, `
              : `${query.data.count} ${query.data.count === 1 ? 'parcela' : 'parcelas'} a receber, `}
            no total de <strong>{money(query.data.total, hidden)}</strong>.
          </Text>
        </>
      )}
    </WalletSection>
  );
}
