import type { BuyOutcome, BuyRequest } from './purchases.repo.ts';

export interface PurchaseExecutors {
  /** One purchase in its own transaction. */
  one(request: BuyRequest): Promise<BuyOutcome>;
  /** Purchases of one offer on one date in one transaction, an outcome each, in order. */
  many(requests: BuyRequest[]): Promise<BuyOutcome[]>;
}

interface Waiting {
  request: BuyRequest;
  resolve: (outcome: BuyOutcome) => void;
  reject: (error: unknown) => void;
}

/** At most this many purchases share a transaction (each is a subtransaction; 64 fit in cache). */
export const MAX_BATCH = 32;

/**
 * Purchases of the same offer that arrive while one of its transactions is running wait for it to
 * end and then go together in the next one: one commit and one hold of the offer's hot rows for
 * all of them, which is what a launch-day burst on one token needs. A purchase that finds nothing
 * running goes at once, alone: batching adds no wait to a quiet offer.
 */
export function createPurchaseBatches(execute: PurchaseExecutors) {
  const queues = new Map<string, Waiting[]>();

  async function runAlone(items: Waiting[]) {
    await Promise.all(
      items.map((item) => execute.one(item.request).then(item.resolve, item.reject)),
    );
  }

  async function runTogether(items: Waiting[]) {
    let outcomes: BuyOutcome[];
    try {
      outcomes = await execute.many(items.map((item) => item.request));
    } catch (error) {
      // An error the database answered means the batch's transaction rolled back (a deadlock
      // with another batch, say): each purchase is tried again alone. Any other error (the
      // connection lost) leaves the outcome unknown, and only an Idempotency-Key retry may tell.
      if (!hasSqlState(error)) {
        for (const item of items) item.reject(error);
        return;
      }
      await runAlone(items);
      return;
    }
    items.forEach((item, i) => item.resolve(outcomes[i]!));
  }

  async function drain(key: string, waiting: Waiting[]) {
    while (waiting.length > 0) {
      const items = waiting.splice(0, MAX_BATCH);
      await (items.length === 1 ? runAlone(items) : runTogether(items));
    }
    queues.delete(key);
  }

  return {
    buy(request: BuyRequest): Promise<BuyOutcome> {
      return new Promise((resolve, reject) => {
        const key = `${request.tokenId}:${request.today}`;
        const running = queues.get(key);
        if (running) {
          running.push({ request, resolve, reject });
          return;
        }
        const waiting: Waiting[] = [{ request, resolve, reject }];
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
