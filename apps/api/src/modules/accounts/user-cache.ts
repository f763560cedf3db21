import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@copaiba/db';
import { sql } from 'drizzle-orm';
import { prepareUserById, type UserRow } from './accounts.repo.ts';

/** Where migration 0009's trigger announces, after commit, the id of every changed user row. */
const CHANNEL = 'copaiba_users';
const SYNC_PREFIX = 'sync:';

export interface UserCacheOptions {
  maxEntries?: number;
  /** A bound on staleness should an announcement be lost without the connection noticing. */
  ttlMs?: number;
}

/**
 * The user rows authentication reads on every request, kept in memory while this process listens
 * for changes. A row is forgotten when its change is announced (any process, any writer), when
 * this process calls `changed` after its own commit (exact for the next request of the same
 * client), and whenever the listening connection is lost: then nothing is cached until it is back.
 */
export interface UserCache {
  find(id: number): Promise<UserRow | undefined>;
  /** Call once the transaction that changed the user's row has committed. */
  changed(id: number): void;
  /** Resolves once every change committed before the call has been announced here. */
  synced(): Promise<void>;
  close(): Promise<void>;
}

/** What a service that writes user rows needs of the cache. */
export type UserChanges = Pick<UserCache, 'changed'>;

export async function createUserCache(
  database: DatabaseHandle,
  { maxEntries = 10_000, ttlMs = 30_000 }: UserCacheOptions = {},
): Promise<UserCache> {
  const read = prepareUserById(database.db);
  const rows = new Map<number, { row: UserRow; at: number }>();
  const syncs = new Map<string, () => void>();
  let listening = false;
  // Bumped by every forgetting: a read that began before one must not store what it read.
  let generation = 0;

  const forget = (id?: number) => {
    generation++;
    if (id === undefined) rows.clear();
    else rows.delete(id);
  };

  const unlisten = await database.listen(CHANNEL, {
    notify(payload) {
      if (payload.startsWith(SYNC_PREFIX)) {
        syncs.get(payload)?.();
        syncs.delete(payload);
        return;
      }
      const id = Number(payload);
      if (Number.isSafeInteger(id)) forget(id);
      else forget();
    },
    listening() {
      forget();
      listening = true;
    },
    lost() {
      listening = false;
      forget();
      for (const resolve of syncs.values()) resolve();
      syncs.clear();
    },
  });

  return {
    async find(id) {
      const hit = rows.get(id);
      if (hit && performance.now() - hit.at < ttlMs) return hit.row;
      const readGeneration = generation;
      const row = await read(id);
      if (row && listening && generation === readGeneration) {
        rows.delete(id);
        if (rows.size >= maxEntries) rows.delete(rows.keys().next().value!);
        rows.set(id, { row: Object.freeze(row), at: performance.now() });
      }
      return row;
    },
    changed: (id) => forget(id),
    async synced() {
      if (!listening) return;
      const payload = `${SYNC_PREFIX}${randomUUID()}`;
      const announced = new Promise<void>((resolve) => syncs.set(payload, resolve));
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
      await announced;
    },
    close: unlisten,
  };
}
