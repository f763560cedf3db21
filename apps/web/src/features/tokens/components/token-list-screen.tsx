import { Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TokenGrid } from '@/components/token-grid';
import { usePageTitle } from '@/lib/page-title';
import { TOKENS_PER_PAGE, useTokenPage } from '@/lib/token-pages';

interface TokenListScreenProps {
  /** Browser tab title. */
  pageTitle: string;
  /** Path under /api/ without the page number, e.g. 'token/list/'. */
  path: string;
  auth?: boolean;
  description: string;
}

/** docs/product.md §2 /list-all-tokens and /list-all-private-tokens: the 'Tokens de Ativos' grid, 3 per page. */
export function TokenListScreen({ pageTitle, path, auth, description }: TokenListScreenProps) {
  usePageTitle(pageTitle);
  const [page, setPage] = useState(1);
  const query = useTokenPage({ path: `${path}?page=${page}`, auth });

  return (
    <Container size="xl" py={{ base: 32, sm: 56 }}>
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 34 }} c="copaiba.9">
            Tokens de Ativos
          </Title>
          <Text c="dimmed" maw={680}>
            {description}
          </Text>
        </Stack>
        <TokenGrid query={query} page={page} pageSize={TOKENS_PER_PAGE} onPageChange={setPage} />
      </Stack>
    </Container>
  );
}
