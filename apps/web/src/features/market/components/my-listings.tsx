import type { MyListingRow, MyListingStatus } from '@copaiba/contracts';
import { Button, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTag, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { FullBadge } from '@/components/full-badge';
import { PagedCard } from '@/components/paged-card';
import { RecordCards } from '@/components/record-cards';
import { EmptyList } from '@/components/query-states';
import { formatDateTime, formatDecimal, formatMoney } from '@/lib/format';
import { useMyListings } from '@/lib/market';
import { useLazyModal } from '@/lib/use-lazy-modal';

const CancelListingModal = lazy(() => import('./cancel-listing-modal'));

/** The brand's shades, which keep a 4.5:1 contrast on their light fills (app/theme.ts). */
const STATUS: Record<MyListingStatus, { label: string; color: string }> = {
  aberta: { label: 'Aberta', color: 'copaiba' },
  vendida: { label: 'Vendida', color: 'oil' },
  cancelada: { label: 'Cancelada', color: 'gray' },
};

function ListingStatus({ status }: { status: MyListingStatus }) {
  const { label, color } = STATUS[status];
  return <FullBadge color={color}>{label}</FullBadge>;
}

/** 'Cancelar' on an open listing; nothing on a closed one. */
function CancelAction({
  row,
  onCancel,
}: {
  row: MyListingRow;
  onCancel: (row: MyListingRow) => void;
}) {
  if (row.status !== 'aberta') return <Text c="dimmed">-</Text>;
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      leftSection={<IconX size={16} />}
      onClick={() => onCancel(row)}
      aria-label={`Cancelar a oferta de ${row.name_token}`}
    >
      Cancelar
    </Button>
  );
}

const soldText = (row: MyListingRow) =>
  `${formatDecimal(row.quantity_sold, 0)} de ${formatDecimal(row.quantity, 0)}`;

/**
 * 'Minhas ofertas' (docs/product.md §18): each listing with what sold and what it brought in;
 * 'Cancelar' takes an open one down after a confirmation, its unsold units free again.
 */
export function MyListings() {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [page, setPage] = useState(1);
  const query = useMyListings(page);
  const cancelling = useLazyModal<MyListingRow>();

  return (
    <>
      <PagedCard
        query={query}
        pager={{ page, setPage }}
        noun="ofertas"
        header={
          <Title order={2} fz={{ base: 20, sm: 24 }} c="copaiba.9" id="minhas-ofertas">
            Minhas ofertas
          </Title>
        }
        empty={
          <EmptyList
            icon={IconTag}
            message="Você ainda não ofereceu tokens no Mural. Use 'Vender' em Meus Ativos, na sua carteira."
          />
        }
      >
        {(rows) =>
          wide ? (
            <Table.ScrollContainer minWidth={760} type="native">
              <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Minhas ofertas">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Token</Table.Th>
                    <Table.Th ta="right">Preço por unidade</Table.Th>
                    <Table.Th ta="right">Vendidas</Table.Th>
                    <Table.Th ta="right">Recebido</Table.Th>
                    <Table.Th>Criada em</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id} data-my-listing-id={row.id}>
                      <Table.Td>
                        <Text fw={600} lh={1.3}>
                          {row.name_token}
                        </Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {row.symbol}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(row.unit_price)}
                      </Table.Td>
                      <Table.Td ta="right">{soldText(row)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(row.proceeds)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.created_at)}
                      </Table.Td>
                      <Table.Td>
                        <ListingStatus status={row.status} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <CancelAction row={row} onCancel={cancelling.open} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <RecordCards
              label="Minhas ofertas"
              items={rows.map((row) => ({
                key: row.id,
                title: row.name_token,
                subtitle: row.symbol,
                aside: <ListingStatus status={row.status} />,
                data: { 'data-my-listing-id': row.id },
                fields: [
                  { label: 'Preço por unidade', value: formatMoney(row.unit_price) },
                  { label: 'Vendidas', value: soldText(row) },
                  { label: 'Recebido', value: formatMoney(row.proceeds) },
                  { label: 'Criada em', value: formatDateTime(row.created_at) },
                ],
                footer: row.status === 'aberta' && (
                  <CancelAction row={row} onCancel={cancelling.open} />
                ),
              }))}
            />
          )
        }
      </PagedCard>

      {cancelling.mounted && (
        <Suspense fallback={null}>
          <CancelListingModal listing={cancelling.subject} onClose={cancelling.close} />
        </Suspense>
      )}
    </>
  );
}
