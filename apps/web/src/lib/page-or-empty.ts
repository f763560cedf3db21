import type { Page } from '@copaiba/contracts';
import { api } from './api-client';
import { isApiError } from './api-error';

const EMPTY_PAGE: Page<never> = { count: 0, next: null, previous: null, results: [] };

/**
 * GET a page of a list. A 404 (a page past the last one, or a list with nothing to show,
 * docs/product.md §8) is an empty page: the screen then shows its empty text.
 */
export async function getPageOrEmpty<T>(path: string, { auth }: { auth?: boolean } = {}) {
  try {
    return await api.get<Page<T>>(path, { auth });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return EMPTY_PAGE as Page<T>;
    throw error;
  }
}
