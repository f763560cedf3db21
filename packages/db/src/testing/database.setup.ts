import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../embedded-postgres.ts';
import { postgresTemplate } from './migrated-templates.ts';

interface Prepared {
  users: number;
  teardown: () => Promise<void>;
}

/** Shared by the projects of one run, which Vitest sets up concurrently in one process. */
const shared = globalThis as { copaibaTestDatabase?: Promise<Prepared> };

/**
 * Vitest global setup: the PostgreSQL server the run's test files use. TEST_DATABASE_URL names one
 * (CI uses the machine's); without it, one embedded PostgreSQL is started for the run, so the
 * tests need nothing installed but Node. Then the migrated template each file copies.
 */
export default async function setup(): Promise<() => Promise<void>> {
  shared.copaibaTestDatabase ??= prepare();
  const prepared = await shared.copaibaTestDatabase;
  prepared.users++;
  return async () => {
    if (--prepared.users > 0) return;
    delete shared.copaibaTestDatabase;
    await prepared.teardown();
  };
}

async function prepare(): Promise<Prepared> {
  let stopServer = async (): Promise<void> => undefined;
  if (!process.env.TEST_DATABASE_URL) {
    const dir = mkdtempSync(join(tmpdir(), 'copaiba-test-pg-'));
    const server = await startEmbeddedPostgres({
      dataDir: join(dir, 'postgres'),
      password: 'copaiba-tests',
      database: 'postgres',
      ephemeral: true,
      // Every test file opens pools of its own, some several apps at once.
      settings: { max_connections: '400' },
    });
    process.env.TEST_DATABASE_URL = server.url;
    stopServer = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const dropTemplate = await postgresTemplate(process.env.TEST_DATABASE_URL);
  return {
    users: 0,
    teardown: async () => {
      await dropTemplate();
      await stopServer();
    },
  };
}
