import { createHash } from 'node:crypto';

/**
 * Cache of serialized public catalogue answers (docs/PERFORMANCE.md).
 *
 * One way to invalidate: every write that changes what the public catalogue shows calls
 * `catalogueChanged()` after its transaction commits, which bumps the process's catalogue
 * version; an entry stored under an older version is never served again. Another API instance
 * does not see that bump, so every entry also lives at most `ttlMs` (1 s): that is the most a
 * second instance can lag behind a write. The version is read before the query, so an answer
 * computed while a write commits is stored under the version it may predate, and dropped.
 */
let catalogueVersion = 0;

/** Call after the commit of any write that changes a public catalogue read. */
export function catalogueChanged(): void {
  catalogueVersion++;
}

export const currentCatalogueVersion = (): number => catalogueVersion;

export interface CachedAnswer {
  body: string;
  /** Strong validator of the body: equal bodies get equal ETags across versions. */
  etag: string;
  /** The body gzip-compressed, made by the first reader that accepts it. */
  gzipped?: Buffer;
}

interface Entry extends CachedAnswer {
  version: number;
  expiresAt: number;
}

export interface PublicCache {
  /**
   * The cached answer under `key`, or `produce()`'s (serialized) stored for the next reader.
   * Concurrent misses of one key share one `produce()`.
   */
  get(key: string, produce: () => Promise<string>): Promise<CachedAnswer>;
  /**
   * Remembers that the request for `url` was answered with `answer` (one of `get`'s), so the next
   * request for the same URL can be answered before routing goes through validation and handler.
   */
  rememberUrl(url: string, answer: CachedAnswer): void;
  /** The answer remembered for `url` while it is still fresh (same rules as `get`). */
  peekUrl(url: string): CachedAnswer | undefined;
  readonly size: number;
}

export function createPublicCache(
  options: { ttlMs?: number; maxEntries?: number; clock?: () => number } = {},
): PublicCache {
  const ttlMs = options.ttlMs ?? 1000;
  const maxEntries = options.maxEntries ?? 2000;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();
  // Kept apart from `entries`: any query string can be remembered, and must not evict them.
  const byUrl = new Map<string, Entry>();
  const pending = new Map<string, Promise<CachedAnswer>>();
  const fresh = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && entry.version === catalogueVersion && entry.expiresAt > clock();
  const store = (map: Map<string, Entry>, key: string, entry: Entry) => {
    map.delete(key);
    map.set(key, entry);
    if (map.size > maxEntries) map.delete(map.keys().next().value!);
  };

  return {
    get size() {
      return entries.size;
    },
    rememberUrl(url, answer) {
      if (fresh(answer as Entry)) store(byUrl, url, answer as Entry);
    },
    peekUrl(url) {
      const hit = byUrl.get(url);
      return fresh(hit) ? hit : undefined;
    },
    async get(key, produce) {
      const version = catalogueVersion;
      const hit = entries.get(key);
      if (fresh(hit)) return hit;
      // Readers share a fill only if it started under the version they see.
      const flight = `${version}:${key}`;
      const inFlight = pending.get(flight);
      if (inFlight) return inFlight;
      const filling = (async () => {
        const body = await produce();
        const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
        const entry: Entry = { body, etag, version, expiresAt: clock() + ttlMs };
        // A write committed while producing: answer, but do not keep it.
        if (version === catalogueVersion) store(entries, key, entry);
        return entry;
      })();
      pending.set(flight, filling);
      try {
        return await filling;
      } finally {
        pending.delete(flight);
      }
    },
  };
}
