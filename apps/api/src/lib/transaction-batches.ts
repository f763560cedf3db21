/** How requests of one hot row go to the database, in one transaction each time. */
export interface BatchExecutor<Request, Result> {
  /** What the requests contend for: requests with the same key may share a transaction. */
  key(request: Request): string;
  /** Requests of one key in one transaction, a result each, in order; a lone one is a batch of one. */
  run(requests: Request[]): Promise<Result[]>;
}

interface Waiting<Request, Result> {
  request: Request;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/** At most this many requests share a transaction (each is a subtransaction; 64 fit in cache). */
export const MAX_BATCH = 32;

/**
 * Requests for the same hot row (an offer's, a listing's) that arrive while one of its
 * transactions is running wait for it to end and then go together in the next one: one commit and
 * one hold of the row for all of them, which is what a burst of buyers on one offer or listing
 * needs. A request that finds nothing running goes at once, alone: batching adds no wait to a
 * quiet row (docs/ARCHITECTURE.md, "Locking").
 */
export function createTransactionBatches<Request, Result>(execute: BatchExecutor<Request, Result>) {
  const queues = new Map<string, Array<Waiting<Request, Result>>>();

  async function runAlone(items: Array<Waiting<Request, Result>>) {
    await Promise.all(
      items.map((item) =>
        execute.run([item.request]).then((results) => item.resolve(results[0]!), item.reject),
      ),
    );
  }

  async function runTogether(items: Array<Waiting<Request, Result>>) {
    let results: Result[];
    try {
      results = await execute.run(items.map((item) => item.request));
    } catch (error) {
      // An error the database answered means the batch's transaction rolled back (a deadlock
      // with another batch, say): each request is tried again alone. Any other error (the
      // connection lost) leaves the outcome unknown, and only an Idempotency-Key retry may tell.
      if (!hasSqlState(error)) {
        for (const item of items) item.reject(error);
        return;
      }
      await runAlone(items);
      return;
    }
    items.forEach((item, i) => item.resolve(results[i]!));
  }

  async function drain(key: string, waiting: Array<Waiting<Request, Result>>) {
    while (waiting.length > 0) {
      const items = waiting.splice(0, MAX_BATCH);
      await (items.length === 1 ? runAlone(items) : runTogether(items));
    }
    queues.delete(key);
  }

  return {
    submit(request: Request): Promise<Result> {
      return new Promise((resolve, reject) => {
        const key = execute.key(request);
        const running = queues.get(key);
        if (running) {
          running.push({ request, resolve, reject });
          return;
        }
        const waiting: Array<Waiting<Request, Result>> = [{ request, resolve, reject }];
        queues.set(key, waiting);
        void drain(key, waiting);
      });
    },
  };
}

/** An error the database server sent (drizzle may wrap it): it carries a severity and a SQLSTATE. */
function hasSqlState(error: unknown): boolean {
  type ServerError = { code?: unknown; severity?: unknown; cause?: ServerError };
  const e = error as ServerError | undefined;
  const server = typeof e?.severity === 'string' ? e : e?.cause;
  return typeof server?.severity === 'string' && typeof server.code === 'string';
}
