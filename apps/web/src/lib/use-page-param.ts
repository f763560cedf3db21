import { useSearchParams } from 'react-router';

/** The page a list shows and how to change it. */
export interface Pager {
  page: number;
  setPage: (page: number) => void;
}

/**
 * The page of a list kept in the address (?page=N), so going back returns to the same page; a
 * new page starts at the top of the screen.
 */
export function usePageParam(): Pager {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = (next: number) => {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next <= 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });
    window.scrollTo({ top: 0 });
  };
  return { page, setPage };
}
