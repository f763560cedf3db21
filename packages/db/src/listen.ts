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
 * LISTEN on a PostgreSQL connection of its own (a pooled one would be handed to queries), opened
 * again after it is lost until unlisten is called.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  listener: ChannelListener,
): Promise<Unlisten> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const retryLater = () => {
    if (!stopped) retry = setTimeout(() => void connect(), RETRY_MS);
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel) listener.notify(message.payload ?? '');
    });
    // An 'end' follows every connection error; that is where the loss is handled.
    client.on('error', () => undefined);
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      listener.lost();
      retryLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      await client.end().catch(() => undefined);
      retryLater();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    listener.listening();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
