import type { OwnedToken } from '@copaiba/contracts';
import {
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconListDetails,
  IconSearch,
  IconShoppingCart,
  IconTag,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PagedCard } from '@/components/paged-card';
import { LoadingRows } from '@/components/query-states';
import { WhenVisible } from '@/components/when-visible';
import { refreshSession } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { fetchCurrentUser } from '@/lib/current-user';
import { formatDate, formatDecimal } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { currentUserKey } from '@/lib/query-keys';
import { useWalletBalance } from '@/lib/wallet-balance';
import { useLazyModal } from '@/lib/use-lazy-modal';
import { useMyTokens } from '../api/list-my-tokens';
import { AnnualLimit } from '../components/annual-limit';
import { HideToggle, money } from '../components/money-text';
import { MyPurchases } from '../components/my-purchases';
import { RecordCards } from '@/components/record-cards';
import { StatusBadge } from '../components/status-badge';
import { UpcomingReceipts } from '../components/upcoming-receipts';
import { WalletHistory } from '../components/wallet-history';
import { WealthDonut } from '../components/wealth-donut';
import { donutPercentages } from '../lib/donut';
import { freeUnits } from '../lib/free-units';

// Loaded on the first press of Vender: the sale form brings the contracts and zod.
const SellModal = lazy(() =>
  import('../components/sell-modal').then((m) => ({ default: m.SellModal })),
);

/** A labelled figure of the balance card; while it loads, a placeholder of the figure's height. */
function Figure(props: { label: string; loading: boolean; testId: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      {props.loading ? (
        <Skeleton height={28} width={150} my={7} />
      ) : (
        <Text fz={28} fw={700} c="copaiba.9" data-testid={props.testId}>
          {props.children}
        </Text>
      )}
    </div>
  );
}

/**
 * A section below the fold on a phone: its title at once, its reads and rows when it nears the
 * screen. The first paint then renders the balance and the annual limit alone (docs/PERFORMANCE.md).
 */
function BelowTheFold(props: { title: string; rows: number; children: ReactNode }) {
  const placeholder = (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} radius="lg">
      <Stack gap="md">
        <Title order={2} fz={{ base: 20, sm: 24 }} c="copaiba.9">
          {props.title}
        </Title>
        <LoadingRows rows={props.rows} height={56} />
      </Stack>
    </Paper>
  );
  // Closer than the landing's 600px: while the balance loads, the page is short enough for 600px
  // to reach every section on a phone.
  return (
    <WhenVisible placeholder={placeholder} rootMargin="200px 0px">
      {props.children}
    </WhenVisible>
  );
}

interface TokensProps {
  tokens: OwnedToken[];
  hidden: boolean;
  onSell: (token: OwnedToken) => void;
}

/** 'Vender' on the secondary board, for units of a distributing token not listed yet (§18). */
function SellAction({ token, onSell }: { token: OwnedToken; onSell: (token: OwnedToken) => void }) {
  if (!token.can_sell || freeUnits(token) <= 0) return null;
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconTag size={16} />}
      onClick={() => onSell(token)}
      aria-label={`Vender unidades de ${token.name}`}
    >
      Vender
    </Button>
  );
}

/** The quantity, and how many of the units are on the Mural now. */
function Units({ token }: { token: OwnedToken }) {
  return (
    <>
      {formatDecimal(token.quantity, 0)}
      {token.quantity_listed > 0 && (
        <Text component="span" display="block" size="xs" c="dimmed">
          {formatDecimal(token.quantity_listed, 0)} no Mural
        </Text>
      )}
    </>
  );
}

function TokensTable({ tokens, hidden, onSell }: TokensProps) {
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Token</Table.Th>
            <Table.Th ta="right">Quantidade</Table.Th>
            <Table.Th ta="right">Remuneração</Table.Th>
            <Table.Th ta="right">Valor efetivo</Table.Th>
            <Table.Th ta="center">Parcela</Table.Th>
            <Table.Th>Próximo pagamento</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id} data-token-id={token.id}>
              <Table.Td>
                <Text fw={600} lh={1.3}>
                  {token.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {token.symbol}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Units token={token} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(token.remuneration, hidden)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(token.effective_value, hidden)}
              </Table.Td>
              <Table.Td ta="center">{token.installment_number ?? '-'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {token.next_payment ? formatDate(token.next_payment) : '-'}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={token.status_token} />
              </Table.Td>
              <Table.Td ta="right">
                <SellAction token={token} onSell={onSell} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phone: one card per token, every figure visible without scrolling sideways. */
function TokensCards({ tokens, hidden, onSell }: TokensProps) {
  return (
    <RecordCards
      label="Meus Ativos"
      items={tokens.map((token) => ({
        key: token.id,
        title: token.name,
        subtitle: token.symbol,
        aside: <StatusBadge status={token.status_token} />,
        data: { 'data-token-id': token.id },
        fields: [
          { label: 'Quantidade', value: <Units token={token} /> },
          { label: 'Parcela', value: token.installment_number ?? '-' },
          { label: 'Remuneração', value: money(token.remuneration, hidden) },
          { label: 'Valor efetivo', value: money(token.effective_value, hidden) },
          {
            label: 'Próximo pagamento',
            value: token.next_payment ? formatDate(token.next_payment) : '-',
          },
          ...(token.can_sell && freeUnits(token) > 0
            ? [{ label: 'Mural', value: <SellAction token={token} onSell={onSell} /> }]
            : []),
        ],
      }))}
    />
  );
}

function MyAssets({ hidden }: { hidden: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const [page, setPage] = useState(1);
  const query = useMyTokens(debounced, page);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const selling = useLazyModal<OwnedToken>();

  function clearSearch() {
    setSearch('');
    setPage(1);
  }

  return (
    <>
      <PagedCard
        query={query}
        pager={{ page, setPage }}
        noun="tokens"
        empty={
          debounced ? (
            <Stack align="center" py="xl" gap="sm">
              <Text c="dimmed">Nenhum resultado encontrado</Text>
              <Button variant="light" onClick={clearSearch}>
                Limpar Busca
              </Button>
            </Stack>
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              Você ainda não possui tokens!
            </Text>
          )
        }
        header={
          <Group justify="space-between" gap="sm">
            <Title order={2} fz={{ base: 20, sm: 24 }} c="copaiba.9">
              Meus Ativos
            </Title>
            <Group gap="sm" wrap="wrap">
              <TextInput
                aria-label="Buscar token"
                placeholder="Buscar token"
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
                w={{ base: '100%', xs: 220 }}
              />
              <Button
                component={Link}
                to="/list-all-tokens"
                leftSection={<IconShoppingCart size={18} />}
              >
                Comprar tokens
              </Button>
            </Group>
          </Group>
        }
      >
        {(tokens) =>
          wide ? (
            <TokensTable tokens={tokens} hidden={hidden} onSell={selling.open} />
          ) : (
            <TokensCards tokens={tokens} hidden={hidden} onSell={selling.open} />
          )
        }
      </PagedCard>
      {selling.mounted && (
        <Suspense fallback={null}>
          <SellModal token={selling.subject} onClose={selling.close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * /wallet (docs/product.md §2, §17): balances, donut, Depositar / Sacar / Extrato, 'Próximos
 * recebimentos', the last 12 months and 'Meus Ativos'.
 */
export default function WalletPage() {
  usePageTitle('Minha Carteira');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const balance = useWalletBalance();
  const [hidden, setHidden] = useState(false);
  const [checking, setChecking] = useState(false);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  if (balance.isError) {
    return (
      <ErrorState message={errorMessage(balance.error)} onRetry={() => void balance.refetch()} />
    );
  }

  const data = balance.data;
  const donut = donutPercentages(data?.balance ?? '0', data?.total_token_balance ?? '0');

  /** docs/product.md §4: refresh the token, read the user; two-factor on → /withdraw, else /two-factor. */
  async function withdraw() {
    if (!data) return;
    setChecking(true);
    try {
      await refreshSession().catch(() => false);
      const user = await fetchCurrentUser();
      queryClient.setQueryData(currentUserKey, user);
      if (user.is_two_factor_authentication) {
        await navigate('/withdraw', {
          state: {
            withdrawal_to_use: data.withdrawal_to_use,
            maximum_withdrawal_limit: data.maximum_withdrawal_limit,
            balance: data.balance,
          },
        });
      } else {
        await navigate('/two-factor');
      }
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setChecking(false);
    }
  }

  return (
    <Container size={1100} py={{ base: 24, sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
            Minha Carteira
          </Title>
          <HideToggle hidden={hidden} onToggle={() => setHidden((h) => !h)} />
        </Group>

        {/* While the balance loads, the card keeps its final layout: nothing below it moves when
            the figures arrive (Lighthouse's layout shift, docs/PERFORMANCE.md). */}
        <Paper
          withBorder
          shadow="xs"
          p={{ base: 'md', sm: 'lg' }}
          radius="lg"
          aria-busy={balance.isPending}
        >
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <Figure label="Saldo em reais" loading={!data} testId="wallet-balance">
                {money(data?.balance, hidden)}
              </Figure>
              <Figure label="Total em tokens" loading={!data} testId="wallet-tokens">
                {money(data?.total_token_balance, hidden)}
              </Figure>
              {data ? (
                <WealthDonut available={donut.available} assets={donut.assets} hidden={hidden} />
              ) : (
                <Skeleton height={120} width={120} circle />
              )}
            </SimpleGrid>
            <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
              <Button component={Link} to="/deposit" leftSection={<IconArrowDownLeft size={18} />}>
                Depositar
              </Button>
              <Button
                variant="light"
                onClick={() => void withdraw()}
                loading={checking}
                disabled={!data}
                leftSection={<IconArrowUpRight size={18} />}
              >
                Sacar
              </Button>
              <Button
                variant="default"
                component={Link}
                to="/extract"
                state={{ balance: data?.balance, total_token_balance: data?.total_token_balance }}
                leftSection={<IconListDetails size={18} />}
              >
                Extrato
              </Button>
            </Group>
          </Stack>
        </Paper>

        <AnnualLimit hidden={hidden} />

        <UpcomingReceipts hidden={hidden} wide={wide} />
        <BelowTheFold title="Evolução da carteira" rows={4}>
          <WalletHistory hidden={hidden} />
        </BelowTheFold>
        <BelowTheFold title="Meus Ativos" rows={5}>
          <MyAssets hidden={hidden} />
        </BelowTheFold>
        <BelowTheFold title="Minhas compras" rows={5}>
          <MyPurchases hidden={hidden} />
        </BelowTheFold>
      </Stack>
    </Container>
  );
}
