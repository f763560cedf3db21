import type { Page } from '@copaiba/contracts';
import { Center, Loader, Paper, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-error';
import type { Pager } from '@/lib/use-page-param';
import { PageArrows } from './page-arrows';
import { LoadError } from './query-states';

interface PagedCardProps<Row> {
  /** The query of the page shown. */
  query: Pick<UseQueryResult<Page<Row>>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** From usePageParam, or a page kept in the screen's state. */
  pager: Pager;
  /** What is paged, for the arrows' names and the spinner's ('tokens', 'usuários'). */
  noun: string;
  /** The rows of a page with some: a table, or cards on a phone. */
  children: (rows: Row[]) => ReactNode;
  /** What the page says when it has no rows. */
  empty: ReactNode;
  /** Instead of the spinner while the first page loads, e.g. skeleton rows. */
  loading?: ReactNode;
  /** Above the rows, inside the card: a title, a search, a filter. */
  header?: ReactNode;
  /** Below the arrows, given the page shown: e.g. the count. */
  footer?: (data: Page<Row>) => ReactNode;
  /** A bordered card; false on phones, where the rows are cards of their own on the page. */
  framed?: boolean;
}

/**
 * A list read a page at a time, with the arrows around 'Página - N' (docs/product.md §2): loading,
 * the server's reason with a retry, the empty sentence, or the rows. A failed refresh keeps the
 * rows already shown; retrying a later page that failed goes back to the first.
 */
export function PagedCard<Row>({
  query,
  pager: { page, setPage },
  noun,
  children,
  empty,
  loading,
  header,
  footer,
  framed = true,
}: PagedCardProps<Row>) {
  const { data } = query;
  const rows = data?.results ?? [];
  let body: ReactNode;
  if (query.isPending)
    body = loading ?? (
      <Center py="xl">
        <Loader role="status" aria-label={`Carregando ${noun}`} />
      </Center>
    );
  else if (query.isError && !data)
    body = (
      <LoadError
        message={errorMessage(query.error)}
        onRetry={() => (page > 1 ? setPage(1) : void query.refetch())}
      />
    );
  else if (rows.length === 0) body = empty;
  else body = children(rows);

  const content = (
    <Stack gap="md">
      {header}
      {body}
      {data && rows.length > 0 && (
        <>
          <PageArrows
            page={page}
            hasPrevious={page > 1 && Boolean(data.previous)}
            hasNext={Boolean(data.next)}
            onChange={setPage}
            noun={noun}
          />
          {footer?.(data)}
        </>
      )}
    </Stack>
  );
  if (!framed) return content;
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
      {content}
    </Paper>
  );
}
