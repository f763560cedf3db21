import { users, type DatabaseHandle } from '@copaiba/db';
import { createTestDatabase } from '@copaiba/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertUser } from './accounts.repo.ts';
import { createUserCache, type UserCache } from './user-cache.ts';

/**
 * The cache authentication reads users through, on both databases: rows come from memory until a
 * change is announced (by any writer, on commit) or reported by this process.
 */
describe('user cache', () => {
  let database: DatabaseHandle;
  let cache: UserCache;
  let id: number;
  const rename = async (name: string) => {
    await database.db.update(users).set({ name }).where(eq(users.id, id));
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ id } = await insertUser(database.db, {
      email: 'cache@example.com',
      name: 'Antes',
      cpfCnpj: '52998224725',
      passwordHash: 'x',
    }));
    cache = await createUserCache(database);
  });
  afterAll(async () => {
    await cache.close();
    await database.close();
  });

  it('answers a repeated read from memory, with a row nobody can alter', async () => {
    const first = await cache.find(id);
    expect(first?.name).toBe('Antes');
    expect(await cache.find(id)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(await cache.find(999_999)).toBeUndefined();
  });

  it('forgets a row when any writer changes it, once the change is announced', async () => {
    const before = await cache.find(id);
    await rename('Depois');
    await cache.synced();
    expect((await cache.find(id))?.name).toBe('Depois');
    expect(await cache.find(id)).not.toBe(before);
  });

  it('forgets a row at once when this process reports its own change', async () => {
    const before = await cache.find(id);
    cache.changed(id);
    const after = await cache.find(id);
    expect(after).not.toBe(before);
    expect(after).toEqual(before);
  });

  it('does not keep a row read before a change was reported', async () => {
    cache.changed(id);
    const reading = cache.find(id);
    cache.changed(id);
    const stale = await reading;
    expect(await cache.find(id)).not.toBe(stale);
  });

  it('hears changes made for another process: each cache listens on its own', async () => {
    const other = await createUserCache(database);
    try {
      const mine = await cache.find(id);
      const theirs = await other.find(id);
      other.changed(id);
      expect(await cache.find(id)).toBe(mine);
      await rename('Outro processo');
      await cache.synced();
      expect((await cache.find(id))?.name).toBe('Outro processo');
      expect((await other.find(id))?.name).toBe('Outro processo');
      expect(await other.find(id)).not.toBe(theirs);
    } finally {
      await other.close();
    }
  });

  it('keeps nothing while its connection is lost, and caches again once it listens again', async () => {
    const before = await cache.find(id);
    expect(await cache.find(id)).toBe(before);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%'`,
    );
    await vi.waitFor(async () => expect(await cache.find(id)).not.toBe(await cache.find(id)));
    // No announcement can reach it now; the change is read, not served from memory.
    await rename('Sem conexão');
    expect((await cache.find(id))?.name).toBe('Sem conexão');
    await vi.waitFor(async () => expect(await cache.find(id)).toBe(await cache.find(id)), {
      timeout: 10_000,
    });
    await rename('De volta');
    await cache.synced();
    expect((await cache.find(id))?.name).toBe('De volta');
  });
});
