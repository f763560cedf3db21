import { INVALID_PAGE, type Page } from '@copaiba/contracts';
import { AppError } from './app-error.ts';

export interface PageRequest {
  page: number;
  size: number;
  /** The list's own path and query (without `page`), for the next/previous links. */
  path: string;
  query?: Record<string, string | number>;
}

export const pageOffset = ({ page, size }: PageRequest) => (page - 1) * size;

/**
 * How many rows a list has, for a page read in one statement whose rows each carry it
 * (docs/CODE_STYLE.md, "Queries"): past the last page no row does, and it is asked apart.
 */
export async function countOfPage(
  rows: ReadonlyArray<{ total: number }>,
  offset: number,
  askCount: () => Promise<number | string | undefined>,
): Promise<number> {
  return rows[0]?.total ?? (offset === 0 ? 0 : Number((await askCount()) ?? 0));
}

/** A DRF-style page; a page past the last (other than an empty first page) is a 404. */
export function toPage<T>(request: PageRequest, count: number, results: T[]): Page<T> {
  const lastPage = Math.max(1, Math.ceil(count / request.size));
  if (request.page > lastPage) throw AppError.notFound(INVALID_PAGE);
  const link = (page: number) => {
    const params = new URLSearchParams(mapValues(request.query ?? {}));
    params.set('page', String(page));
    return `${request.path}?${params.toString()}`;
  };
  return {
    count,
    next: request.page < lastPage ? link(request.page + 1) : null,
    previous: request.page > 1 ? link(request.page - 1) : null,
    results,
  };
}

function mapValues(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}
