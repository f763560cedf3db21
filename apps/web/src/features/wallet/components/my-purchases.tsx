import type { PurchaseRow, PurchaseStatus } from '@copaiba/contracts';
import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconReceipt } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { EmptyList } from '@/components/query-states';
import { PagedCard } from '@/components/paged-card';
import { formatDateTime, formatDecimal } from '@/lib/format';
import { useLazyModal } from '@/lib/use-lazy-modal';
import { usePurchases } from '../api/list-purchases';
import { money } from './money-text';
import { RecordCards } from '@/components/record-cards';
import { StatusBadge } from './status-badge';

// The confirmation's code (a modal, its scroll lock and focus trap) loads at the first 'Desistir'.
const DesistModal = lazy(() => import('./desist-modal'));

/** The brand's shades, which keep a 4.5:1 contrast on their light fills (app/theme.ts). */
const STATUS: Record<PurchaseStatus, { label: string; color: string }> = {
  confirmada: { label: 'Confirmada', color: 'copaiba' },
  desistida: { label: 'Desistida', color: 'gray' },
  reembolsada: { label: 'Reembolsada', color: 'oil' },
};

function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  const { label, color } = STATUS[status];
  return <StatusBadge status={label} color={color} />;
}

/** 'Desistir' and until when, for a purchase that can still be undone; otherwise nothing. */
function UndoAction({ row, onUndo }: { row: PurchaseRow; onUndo: (row: PurchaseRow) => void }) {
  if (!row.desistencia_until) return <Text c="dimmed">-</Text>;
  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        leftSection={<IconArrowBackUp size={16} />}
        onClick={() => onUndo(row)}
        aria-label={`Desistir da compra de ${row.name_token}`}
      >
        Desistir
      </Button>
      <Text size="xs" c="dimmed">
        até {formatDateTime(row.desistencia_until)}
      </Text>
    </Stack>
  );
}

/**
 * 'Minhas compras' (docs/product.md §15): every purchase with its status; within the desistência
 * window, 'Desistir' undoes the whole purchase after a confirmation, money back to the wallet.
 */
export function MyPurchases({ hidden }: { hidden: boolean }) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [page, setPage] = useState(1);
  const query = usePurchases(page);
  const undoing = useLazyModal<PurchaseRow>();

  return (
    <>
      <PagedCard
        query={query}
        pager={{ page, setPage }}
        noun="compras"
        header={
          <Title order={2} fz={{ base: 20, sm: 24 }} c="copaiba.9">
            Minhas compras
          </Title>
        }
        empty={<EmptyList icon={IconReceipt} message="Você ainda não fez nenhuma compra." />}
      >
        {(rows) =>
          wide ? (
            <Table.ScrollContainer minWidth={720} type="native">
              <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Minhas compras">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Token</Table.Th>
                    <Table.Th ta="right">Quantidade</Table.Th>
                    <Table.Th ta="right">Valor</Table.Th>
                    <Table.Th>Data</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Desistência</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id} data-purchase-id={row.id}>
                      <Table.Td>
                        <Text fw={600} lh={1.3}>
                          {row.name_token}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatDecimal(row.quantity, 0)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {money(row.total, hidden)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.datetime)}
                      </Table.Td>
                      <Table.Td>
                        <PurchaseStatusBadge status={row.status} />
                      </Table.Td>
                      <Table.Td>
                        <UndoAction row={row} onUndo={undoing.open} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <RecordCards
              label="Minhas compras"
              items={rows.map((row) => ({
                key: row.id,
                title: row.name_token,
                aside: <PurchaseStatusBadge status={row.status} />,
                data: { 'data-purchase-id': row.id },
                fields: [
                  { label: 'Quantidade', value: formatDecimal(row.quantity, 0) },
                  { label: 'Valor', value: money(row.total, hidden) },
                  { label: 'Data', value: formatDateTime(row.datetime) },
                  { label: 'Desistência', value: <UndoAction row={row} onUndo={undoing.open} /> },
                ],
              }))}
            />
          )
        }
      </PagedCard>

      {undoing.mounted && (
        <Suspense fallback={null}>
          <DesistModal purchase={undoing.subject} onClose={undoing.close} />
        </Suspense>
      )}
    </>
  );
}
