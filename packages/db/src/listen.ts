import pg from 'pg';

/** What a LISTEN subscription tells its owner. */
export interface ChannelListener {
  /** A payload sent on the channel, delivered after its transaction committed. */
  notify(payload: string): void;
  /** Listening (again): from now on nothing sent on the channel is missed. */
  listening(): void;
  /** The connection was lost: notifications may be missed until `listening` is called again. */
  lost(): void;
}

export type Unlisten = () => Promise<void>;

const RETRY_MS = 1000;

/**
 * Every LISTEN of one database handle on one PostgreSQL connection of their own (a pooled one would
 * be handed to queries; one per channel would cost a server process each), opened again after it is
 * lost until the last subscriber has unlistened. Changes to the subscriptions and the connection
 * happen one at a time, in order.
 */
export function createListenConnection(url: string) {
  const subscribers = new Map<string, Set<ChannelListener>>();
  const everyone = () => [...subscribers.values()].flatMap((set) => [...set]);
  let client: pg.Client | null = null;
  // The channels `client` listens on; a channel nobody hears any more stays among them, ignored.
  const listened = new Set<string>();
  let retry: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();
  const serially = (step: () => Promise<void>) => {
    const run = queue.then(step);
    queue = run.catch(() => undefined);
    return run;
  };

  const retryLater = () => {
    clearTimeout(retry);
    retry = setTimeout(() => void serially(open), RETRY_MS);
  };

  async function open(): Promise<void> {
    if (client || subscribers.size === 0) return;
    const opened = new pg.Client({ connectionString: url, keepAlive: true });
    opened.on('notification', (message) => {
      for (const listener of subscribers.get(message.channel) ?? [])
        listener.notify(message.payload ?? '');
    });
    // An 'end' follows every connection error; that is where the loss is handled.
    opened.on('error', () => undefined);
    opened.on('end', () => {
      if (client !== opened) return;
      client = null;
      listened.clear();
      for (const listener of everyone()) listener.lost();
      retryLater();
    });
    try {
      await opened.connect();
      for (const channel of subscribers.keys())
        await opened.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      await opened.end().catch(() => undefined);
      retryLater();
      return;
    }
    client = opened;
    for (const channel of subscribers.keys()) listened.add(channel);
    for (const listener of everyone()) listener.listening();
  }

  return {
    /** Hears `channel` from now on; `listening` is called once nothing sent on it is missed. */
    async subscribe(channel: string, listener: ChannelListener): Promise<Unlisten> {
      await serially(async () => {
        const set = subscribers.get(channel) ?? new Set();
        subscribers.set(channel, set.add(listener));
        if (!client) return open();
        if (!listened.has(channel)) {
          try {
            await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          } catch {
            // The connection failed under it: its 'end' tells everyone and opens it again.
            return;
          }
          listened.add(channel);
        }
        listener.listening();
      });
      let done = false;
      return () => {
        if (done) return queue;
        done = true;
        return serially(async () => {
          const set = subscribers.get(channel);
          set?.delete(listener);
          if (set?.size === 0) subscribers.delete(channel);
          if (subscribers.size > 0) return;
          clearTimeout(retry);
          const closing = client;
          client = null;
          listened.clear();
          await closing?.end().catch(() => undefined);
        });
      };
    },
  };
}
