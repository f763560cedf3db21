import type { User } from '@copaiba/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserQuery, USER_REFETCH_INTERVAL_MS } from './current-user';

const user = (name: string) => ({ id: 1, name, email: 'ana@copaiba.dev' }) as unknown as User;
const client = new QueryClient();
afterEach(() => client.clear());

/**
 * How often a component observing with these options would be rendered again: when the user
 * arrives, while it is refetched unchanged twice (the poll), and when it comes back changed.
 */
async function rendersOf(options: ReturnType<typeof currentUserQuery>) {
  let answer = user('Ana');
  // No interval: the test refetches itself.
  const observer = new QueryObserver(client, {
    ...options,
    queryFn: () => Promise.resolve(answer),
    refetchInterval: false,
  });
  let renders = 0;
  const since = (before: number) => renders - before;
  const unsubscribe = observer.subscribe(() => renders++);
  let before = renders;
  await observer.refetch();
  const arrival = since(before);
  before = renders;
  await observer.refetch();
  await observer.refetch();
  const unchanged = since(before);
  before = renders;
  answer = user('Ana Maria');
  await observer.refetch();
  const changed = since(before);
  unsubscribe();
  return { arrival, unchanged, changed };
}

describe("the private layout's poll of the user", () => {
  it('refetches every 5 minutes and renders the layout again only when the user arrives or changes', async () => {
    const polling = currentUserQuery(true, { poll: true });
    expect(polling.refetchInterval).toBe(USER_REFETCH_INTERVAL_MS);
    expect(await rendersOf(polling)).toEqual({ arrival: 1, unchanged: 0, changed: 1 });
  });

  it('where an observer that reads nothing would be told of each refetch, changed or not', async () => {
    const { notifyOnChangeProps: _, ...untracked } = currentUserQuery(true, { poll: true });
    const renders = await rendersOf(untracked);
    expect(renders.unchanged).toBeGreaterThanOrEqual(2);
  });
});
