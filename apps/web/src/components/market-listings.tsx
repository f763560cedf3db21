import type { ListingRow } from '@copaiba/contracts';
import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FullBadge } from '@/components/full-badge';
import { PagedCard } from '@/components/paged-card';
import { RecordCards } from '@/components/record-cards';
import { EmptyList } from '@/components/query-states';
import { formatDateTime, formatDecimal, formatMoney, formatPercent } from '@/lib/format';
import { useListings } from '@/lib/market';
import { useLazyModal } from '@/lib/use-lazy-modal';

// Loaded on the first press of Comprar: the purchase form brings the contracts' market and
// investor schemas, zod and the number field (docs/PERFORMANCE.md, the token page's first load).
const MarketBuyModal = lazy(() =>
  import('@/components/market-buy-modal').then((m) => ({ default: m.MarketBuyModal })),
);

/** 'Comprar', or 'Sua oferta' on the reader's own listing (it cannot be bought by them). */
function BuyAction({ row, onBuy }: { row: ListingRow; onBuy: (row: ListingRow) => void }) {
  if (row.mine) return <FullBadge color="gray">Sua oferta</FullBadge>;
  return (
    <Button
      size="compact-sm"
      leftSection={<IconShoppingCart size={16} />}
      onClick={() => onBuy(row)}
      aria-label={`Comprar unidades de ${row.name_token} de ${row.seller}`}
    >
      Comprar
    </Button>
  );
}

const installmentsText = (row: ListingRow) => `${row.installments_left} de ${row.installments}`;

/** A token's name, linking to its page. */
function TokenLink({ row }: { row: ListingRow }) {
  return (
    <Anchor component={Link} to={`/detail-token-issuer/${row.token_id}`} c="copaiba.9" inherit>
      {row.name_token}
    </Anchor>
  );
}

/** A token's name and symbol, linking to its page. */
function TokenName({ row }: { row: ListingRow }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
        <TokenLink row={row} />
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {row.symbol}
      </Text>
    </Stack>
  );
}

function ListingsTable({
  rows,
  showToken,
  onBuy,
}: {
  rows: ListingRow[];
  showToken: boolean;
  onBuy: (row: ListingRow) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={showToken ? 860 : 680} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Ofertas do Mural">
        <Table.Thead>
          <Table.Tr>
            {showToken && <Table.Th miw={200}>Token</Table.Th>}
            <Table.Th ta="right">Preço por unidade</Table.Th>
            <Table.Th ta="right">Disponíveis</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Rentabilidade</Table.Th>
            <Table.Th ta="center">Parcelas restantes</Table.Th>
            <Table.Th>Vendedor</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-listing-id={row.id}>
              {showToken && (
                <Table.Td>
                  <TokenName row={row} />
                </Table.Td>
              )}
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.unit_price)}
              </Table.Td>
              <Table.Td ta="right">{formatDecimal(row.quantity_left, 0)}</Table.Td>
              <Table.Td>
                <FullBadge color="gray">{row.status_token}</FullBadge>
              </Table.Td>
              <Table.Td ta="right">{formatPercent(row.practiced_interest_rate)}</Table.Td>
              <Table.Td ta="center">{installmentsText(row)}</Table.Td>
              <Table.Td>
                <Text size="sm">{row.seller}</Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(row.created_at)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <BuyAction row={row} onBuy={onBuy} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phone: one card per listing, the price first and the purchase at hand. */
function ListingsCards({
  rows,
  showToken,
  onBuy,
}: {
  rows: ListingRow[];
  showToken: boolean;
  onBuy: (row: ListingRow) => void;
}) {
  return (
    <RecordCards
      label="Ofertas do Mural"
      items={rows.map((row) => ({
        key: row.id,
        title: showToken ? <TokenLink row={row} /> : `Oferta de ${row.seller}`,
        subtitle: showToken ? row.symbol : undefined,
        aside: (
          <Stack gap={0} align="flex-end">
            <Text fw={700} c="copaiba.9" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(row.unit_price)}
            </Text>
            <Text size="xs" c="dimmed">
              por unidade
            </Text>
          </Stack>
        ),
        data: { 'data-listing-id': row.id },
        fields: [
          { label: 'Disponíveis', value: formatDecimal(row.quantity_left, 0) },
          { label: 'Status', value: row.status_token },
          { label: 'Rentabilidade', value: formatPercent(row.practiced_interest_rate) },
          { label: 'Parcelas restantes', value: installmentsText(row) },
          ...(showToken ? [{ label: 'Vendedor', value: row.seller }] : []),
        ],
        footer: <BuyAction row={row} onBuy={onBuy} />,
      }))}
    />
  );
}

/**
 * The open listings of the secondary board (docs/product.md §18), of one token or of all, 10 a
 * page, each with its price, what is left, the token's status, rate and remaining installments;
 * 'Comprar' opens the purchase's simulation.
 */
export function MarketListings({
  tokenId,
  header,
  empty,
}: {
  /** One token's listings, or null for the whole board. */
  tokenId: number | null;
  header: ReactNode;
  empty: string;
}) {
  const [page, setPage] = useState(1);
  const query = useListings(tokenId, page);
  const buying = useLazyModal<ListingRow>();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const showToken = tokenId === null;

  return (
    <>
      <PagedCard
        query={query}
        pager={{ page, setPage }}
        noun="ofertas"
        header={header}
        empty={<EmptyList icon={IconBuildingStore} message={empty} />}
      >
        {(rows) =>
          wide ? (
            <ListingsTable rows={rows} showToken={showToken} onBuy={buying.open} />
          ) : (
            <ListingsCards rows={rows} showToken={showToken} onBuy={buying.open} />
          )
        }
      </PagedCard>
      {buying.mounted && (
        <Suspense fallback={null}>
          <MarketBuyModal listing={buying.subject} onClose={buying.close} />
        </Suspense>
      )}
    </>
  );
}
