import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadError } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { useWalletHistory } from '../api/get-wallet-history';

const WalletHistoryChart = lazy(() => import('./wallet-history-chart'));

const chartPlaceholder = <Skeleton height={250} radius="md" aria-label="Carregando gráfico" />;

/** 'Evolução da carteira' on /wallet: the last 12 months, cash plus tokens at cost (docs/product.md §17). */
export function WalletHistory({ hidden }: { hidden: boolean }) {
  const query = useWalletHistory();
  return (
    <Paper
      withBorder
      shadow="xs"
      p={{ base: 'md', sm: 'lg' }}
      radius="lg"
      component="section"
      aria-labelledby="wallet-history-title"
      id="wallet-history"
    >
      <Stack gap="sm">
        <div>
          <Title id="wallet-history-title" order={2} fz={{ base: 20, sm: 24 }} c="copaiba.9">
            Evolução da carteira
          </Title>
          <Text size="sm" c="dimmed">
            Saldo em reais e tokens ao custo no fim de cada mês, nos últimos 12 meses.
          </Text>
        </div>
        {query.isPending ? (
          chartPlaceholder
        ) : query.isError ? (
          <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : (
          <Suspense fallback={chartPlaceholder}>
            <WalletHistoryChart months={query.data.months} hidden={hidden} />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}
