import type { Page, TokenCard as TokenCardData } from '@copaiba/contracts';
import { Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-error';
import { pageCount } from '@/lib/token-pages';
import { InlineError } from './inline-error';
import { PageArrows } from './page-arrows';
import { TokenCard, TokenCardSkeleton } from './token-card';

export const EMPTY_TOKENS_TEXT = 'Desculpe, não há tokens para serem exibidos';

interface TokenGridProps {
  query: UseQueryResult<Page<TokenCardData>>;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Columns on desktop (3 on the catalogue, 2 on the issuer page). */
  columns?: 2 | 3;
}

/** Token cards with skeletons, empty and error states, and 'Página - N' arrows (docs/product.md §2). */
export function TokenGrid({ query, page, pageSize, onPageChange, columns = 3 }: TokenGridProps) {
  const cols = columns === 3 ? { base: 1, sm: 2, lg: 3 } : { base: 1, sm: 2 };
  const { data } = query;

  if (!data) {
    if (query.isError)
      return (
        <InlineError
          title="Não foi possível carregar os tokens"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      );
    return (
      <SimpleGrid
        cols={cols}
        spacing="lg"
        role="status"
        aria-busy="true"
        aria-label="Carregando tokens"
      >
        {Array.from({ length: pageSize }, (_, i) => (
          <TokenCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  }

  const pages = pageCount(data.count, pageSize);
  const pager = (page > 1 || data.count > 0) && (
    <PageArrows
      page={page}
      hasPrevious={page > 1}
      hasNext={Boolean(data.next) && page < pages}
      onChange={onPageChange}
      noun="tokens"
    />
  );

  if (data.results.length === 0)
    return (
      <Stack gap="lg">
        <Paper withBorder p="xl" radius="lg">
          <Stack align="center" gap="sm" py="md">
            <ThemeIcon size={52} radius="xl" variant="light" color="copaiba">
              <IconPlant2 size={28} stroke={1.6} />
            </ThemeIcon>
            <Text c="dimmed" ta="center" fw={500}>
              {EMPTY_TOKENS_TEXT}
            </Text>
          </Stack>
        </Paper>
        {pager}
      </Stack>
    );

  return (
    <Stack gap="xl">
      <SimpleGrid
        cols={cols}
        spacing="lg"
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        aria-busy={query.isPlaceholderData || undefined}
      >
        {data.results.map((token) => (
          <TokenCard key={token.id} token={token} />
        ))}
      </SimpleGrid>
      {pager}
    </Stack>
  );
}
