import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, LoadingRows } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { AdminPage } from './admin-page';

interface InfoPageProps<T> {
  title: string;
  /** The user of /access-control/{userId}, for the 'Voltar' link. */
  userId: number | null;
  /** False when the address carries no valid id. */
  valid: boolean;
  query: UseQueryResult<T>;
  description?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}

/** The read-only pages that Gestão de Usuário opens in a new tab: loading, error, then cards. */
export function InfoPage<T>({
  title,
  userId,
  valid,
  query,
  description,
  children,
}: InfoPageProps<T>) {
  const back = userId ? { to: `/access-control/${userId}`, label: 'Voltar' } : undefined;
  let body: ReactNode;
  if (!valid) body = <LoadError message="Endereço inválido." />;
  else if (query.isPending) body = <LoadingRows rows={6} height={40} />;
  else if (query.isError)
    body = <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else body = children(query.data);
  return (
    <AdminPage
      title={title}
      size="lg"
      back={back}
      description={query.data && description ? description(query.data) : undefined}
    >
      {body}
    </AdminPage>
  );
}
