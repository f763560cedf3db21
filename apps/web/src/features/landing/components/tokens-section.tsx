import { useState } from 'react';
import { TokenGrid } from '@/components/token-grid';
import { TOKENS_PER_PAGE, useTokenPage } from '@/lib/token-pages';

/** 'Tokens de Ativos' on the landing page: 3 per page from GET /api/token/list/. */
export function TokensSection() {
  const [page, setPage] = useState(1);
  const query = useTokenPage({ path: `token/list/?page=${page}` });
  return <TokenGrid query={query} page={page} pageSize={TOKENS_PER_PAGE} onPageChange={setPage} />;
}
