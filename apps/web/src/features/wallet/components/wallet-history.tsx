import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadError } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { useWalletHistory } from '../api/get-wallet-history';
import { WalletSection } from './wallet-section';

const WalletHistoryChart = lazy(() => import('./wallet-history-chart'));

const chartPlaceholder = <Skeleton height={250} radius="md" />;

/** 'Evolução da carteira' on /wallet: the last 12 months, cash plus tokens at cost (docs/product.md §17). */
export function WalletHistory({ hidden }: { hidden: boolean }) {
  const query = useWalletHistory();
  return (
    <WalletSection
      id="wallet-history"
      title="Evolução da carteira"
      description="Saldo em reais e tokens ao custo no fim de cada mês, nos últimos 12 meses."
    >
      {query.isPending ? (
        chartPlaceholder
      ) : query.isError ? (
        <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <Suspense fallback={chartPlaceholder}>
          <WalletHistoryChart months={query.data.months} hidden={hidden} />
        </Suspense>
      )}
    </WalletSection>
  );
}
