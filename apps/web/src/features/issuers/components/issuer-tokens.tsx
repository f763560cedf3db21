import { useState } from 'react';
import { TokenGrid } from '@/components/token-grid';
import { ISSUER_TOKENS_PER_PAGE, useTokenPage } from '@/lib/token-pages';

/** The issuer's issued tokens, 2 per page (docs/product.md §9), from GET /api/token/list/{id}. */
export function IssuerTokens({ issuerId }: { issuerId: number }) {
  const [page, setPage] = useState(1);
  const query = useTokenPage({
    path: `token/list/${issuerId}?page=${page}&page_size=${ISSUER_TOKENS_PER_PAGE}`,
  });
  return (
    <TokenGrid
      query={query}
      page={page}
      pageSize={ISSUER_TOKENS_PER_PAGE}
      onPageChange={setPage}
      columns={2}
    />
  );
}
