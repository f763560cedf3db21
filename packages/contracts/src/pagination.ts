import { z } from 'zod';

export const PAGE_SIZES = {
  publicTokens: 3,
  issuers: 4,
  issuerTokens: 2,
  registeredTokens: 5,
  ownedTokens: 6,
  statement: 6,
  /** 'Minhas compras' (docs/product.md §15). */
  purchases: 6,
  /** The offer forum and the notifications (docs/product.md §16). */
  questions: 10,
  notifications: 10,
  /** 'Atividade da conta' (docs/product.md §19). */
  accountActivity: 10,
  /** The secondary board and 'Minhas ofertas' (docs/product.md §18). */
  marketListings: 10,
} as const;

export const INVALID_PAGE = 'Página inválida.';

export const pageQuery = z.object({
  page: z.coerce
    .number({ error: INVALID_PAGE })
    .int(INVALID_PAGE)
    .min(1, INVALID_PAGE)
    .max(1_000_000, INVALID_PAGE)
    .default(1),
});

/** DRF-style page: count of all results, links to the neighbours, this page's results. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
