import { STATEMENT_FILTERS, type StatementFilter, type StatementRow } from '@copaiba/contracts';
import {
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconShoppingCart, IconWallet } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PagedCard } from '@/components/paged-card';
import { formatDateTime, formatDecimal, formatMoney } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useWalletBalance } from '@/lib/wallet-balance';
import { useStatement } from '../api/list-statement';
import { HideToggle, money } from '../components/money-text';
import { RecordCards } from '@/components/record-cards';
import { StatementExport } from '../components/statement-export';
import { TransactionLink } from '../components/transaction-link';

const FILTER_LABELS: Record<StatementFilter, string> = {
  todos: 'Todos',
  remuneracao: 'Remuneração',
  deposito: 'Depósito',
  saque: 'Saque',
  comprados: 'Comprados',
};

const isNegative = (row: StatementRow) => row.balance.trim().startsWith('-');

/** Phone: one card per operation, the amount beside its type, nothing scrolled out of view. */
function StatementCards({ rows }: { rows: StatementRow[] }) {
  return (
    <RecordCards
      label="Operações"
      items={rows.map((row) => ({
        key: row.id,
        title: row.type_operation,
        aside: (
          <Text
            fw={700}
            c={isNegative(row) ? 'red.9' : 'copaiba.8'}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatMoney(row.balance)}
          </Text>
        ),
        data: { 'data-row-id': row.id },
        fields: [
          { label: 'Token', value: row.name_token ?? '-' },
          {
            label: 'Quantidade',
            value: row.quantity === null ? '-' : formatDecimal(row.quantity, 0),
          },
          { label: 'Data', value: formatDateTime(row.datetime) },
          {
            label: 'Transação',
            value: (
              <TransactionLink scan={row.scan_hash_transaction} operation={row.type_operation} />
            ),
          },
        ],
      }))}
    />
  );
}

function StatementTable({ rows }: { rows: StatementRow[] }) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Operação</Table.Th>
            <Table.Th>Token</Table.Th>
            <Table.Th ta="right">Quantidade</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Data</Table.Th>
            <Table.Th ta="center">Transação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const negative = isNegative(row);
            return (
              <Table.Tr key={row.id} data-row-id={row.id}>
                <Table.Td fw={600}>{row.type_operation}</Table.Td>
                <Table.Td>{row.name_token ?? '-'}</Table.Td>
                <Table.Td ta="right">
                  {row.quantity === null ? '-' : formatDecimal(row.quantity, 0)}
                </Table.Td>
                <Table.Td
                  ta="right"
                  c={negative ? 'red.9' : 'copaiba.8'}
                  fw={600}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {formatMoney(row.balance)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.datetime)}</Table.Td>
                <Table.Td ta="center" style={{ whiteSpace: 'nowrap' }}>
                  <TransactionLink
                    scan={row.scan_hash_transaction}
                    operation={row.type_operation}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /extract 'Extrato de operações' (docs/product.md §2, §17): wealth card, filter, 'Exportar', the statement. */
export default function ExtractPage() {
  usePageTitle('Extrato de operações');
  const passed = useLocation().state as { balance?: string; total_token_balance?: string } | null;
  const balance = useWalletBalance();
  const cash = balance.data?.balance ?? passed?.balance;
  const tokens = balance.data?.total_token_balance ?? passed?.total_token_balance;
  const [hidden, setHidden] = useState(false);
  const [filter, setFilter] = useState<StatementFilter>('todos');
  const [page, setPage] = useState(1);
  const statement = useStatement(filter, page);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  return (
    <Container size={1100} py={{ base: 24, sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
          Extrato de operações
        </Title>
        <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} radius="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" style={{ flex: 1 }}>
              <div>
                <Text size="sm" c="dimmed">
                  Saldo em reais
                </Text>
                <Text fz={24} fw={700} c="copaiba.9">
                  {money(cash, hidden)}
                </Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  Total em tokens
                </Text>
                <Text fz={24} fw={700} c="copaiba.9">
                  {money(tokens, hidden)}
                </Text>
              </div>
            </SimpleGrid>
            <HideToggle hidden={hidden} onToggle={() => setHidden((h) => !h)} />
          </Group>
        </Paper>
        <PagedCard
          query={statement}
          pager={{ page, setPage }}
          noun="operações"
          empty={
            <Text c="dimmed" ta="center" py="xl">
              Nenhuma operação para exibir.
            </Text>
          }
          header={
            <Group justify="space-between" align="flex-end" gap="sm">
              <NativeSelect
                label="Filtrar operações"
                data={STATEMENT_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
                value={filter}
                onChange={(event) => {
                  const chosen = STATEMENT_FILTERS.find((f) => f === event.currentTarget.value);
                  if (chosen) setFilter(chosen);
                  setPage(1);
                }}
                size="md"
                w={{ base: '100%', xs: 220 }}
              />
              <Group gap="sm">
                <StatementExport />
                <Button
                  component={Link}
                  to="/list-all-tokens"
                  leftSection={<IconShoppingCart size={18} />}
                >
                  Comprar tokens
                </Button>
                <Button
                  variant="default"
                  component={Link}
                  to="/wallet"
                  leftSection={<IconWallet size={18} />}
                >
                  Carteira
                </Button>
              </Group>
            </Group>
          }
        >
          {(rows) => (wide ? <StatementTable rows={rows} /> : <StatementCards rows={rows} />)}
        </PagedCard>
      </Stack>
    </Container>
  );
}
