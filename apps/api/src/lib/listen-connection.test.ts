import type { ChannelListener } from '@copaiba/db';
import { createTestDatabase } from '@copaiba/db/testing';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';

/** Every LISTEN of a database handle rides one connection of its own (packages/db/src/listen.ts). */
it('carries every channel on one server process, tells each subscriber of a loss and listens again', async () => {
  const database = await createTestDatabase();
  const heard: string[] = [];
  const subscriber = (name: string): ChannelListener => ({
    notify: (payload) => heard.push(`${name} ${payload}`),
    listening: () => heard.push(`${name} listening`),
    lost: () => heard.push(`${name} lost`),
  });
  const listenBackends = async () => {
    const { rows } = (await database.db.execute(
      sql`select pid from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%'`,
    )) as { rows: Array<{ pid: number }> };
    return rows;
  };
  const notify = () =>
    database.db.execute(sql`select pg_notify('canal_a', 'um'), pg_notify('canal_b', 'dois')`);
  try {
    const unlisten = [
      await database.listen('canal_a', subscriber('a1')),
      await database.listen('canal_a', subscriber('a2')),
      await database.listen('canal_b', subscriber('b')),
    ];
    expect(heard).toEqual(['a1 listening', 'a2 listening', 'b listening']);
    expect(await listenBackends()).toHaveLength(1);
    await notify();
    await vi.waitFor(() => expect(heard.slice(3).sort()).toEqual(['a1 um', 'a2 um', 'b dois']));

    heard.length = 0;
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%'`,
    );
    await vi.waitFor(() => expect(heard.filter((h) => h.endsWith('listening'))).toHaveLength(3), {
      timeout: 10_000,
    });
    expect(heard.slice(0, 3).sort()).toEqual(['a1 lost', 'a2 lost', 'b lost']);
    expect(await listenBackends()).toHaveLength(1);
    heard.length = 0;
    await notify();
    await vi.waitFor(() => expect(heard.sort()).toEqual(['a1 um', 'a2 um', 'b dois']));

    // The last one gone, so is the connection; a new subscriber opens it again.
    for (const stop of unlisten) await stop();
    expect(await listenBackends()).toHaveLength(0);
    heard.length = 0;
    const again = await database.listen('canal_b', subscriber('b2'));
    await notify();
    await vi.waitFor(() => expect(heard).toEqual(['b2 listening', 'b2 dois']));
    await again();
  } finally {
    await database.close();
  }
});
