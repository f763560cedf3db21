import { fork } from 'node:child_process';
import type { Database } from '@copaiba/db';
import type { Storage } from '../lib/storage/storage.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import {
  demoAccounts,
  missingDemoAccounts,
  seedDemoAccounts,
  type DemoAccount,
} from './demo-accounts.ts';
import { demoCataloguePresent, seedDemoCatalogue } from './demo-catalogue.ts';
import { demoHistoryFirstOffer, seedDemoHistory } from './demo-history.ts';
import type { HistoryConfig } from './history-services.ts';

/**
 * The demo (SEED_DEMO), seeded by what is missing: the demo accounts by their e-mails, the
 * catalogue by its tokens, the history by its own first act (docs/DECISIONS.md, "demo seed").
 * Each part is idempotent, so every start may call it. Returns the accounts it created.
 */
export async function seedDemo(
  db: Database,
  storage: Storage,
  config: HistoryConfig,
  now = new Date(),
): Promise<DemoAccount[]> {
  const created = await seedDemoAccounts(db, hashPassword, now);
  await seedDemoCatalogue(db, storage, { creatorEmail: demoAccounts[1].email, now });
  await seedDemoHistory(db, storage, { config, now });
  return created;
}

/**
 * Whether seedDemo would seed anything, asked with its own checks: a restart of a seeded demo
 * skips the child process (about 0.8 s of a restart's 4–5 s here; docs/PERFORMANCE.md).
 */
export async function demoSeedPending(db: Database, now = new Date()): Promise<boolean> {
  return (
    (await missingDemoAccounts(db)).length > 0 ||
    !(await demoCataloguePresent(db, now)) ||
    (await demoHistoryFirstOffer(db)) !== undefined
  );
}

/**
 * seedDemo in a child process on the server's database (demo-seed-process.ts), so that what it
 * allocates is given back when it exits. The child inherits the environment, with `databaseUrl`
 * as its DATABASE_URL; its output is the server's.
 */
export function seedDemoInChildProcess(databaseUrl: string): Promise<DemoAccount[]> {
  // Beside this file in the sources (run through tsx, whatever loads this file: tsx, vitest),
  // under dist/seed/ in the bundle (apps/api/build.ts).
  const source = import.meta.url.endsWith('.ts');
  const entry = new URL(
    source ? './demo-seed-process.ts' : './seed/demo-seed-process.js',
    import.meta.url,
  );
  return new Promise((resolve, reject) => {
    let created: DemoAccount[] | undefined;
    const child = fork(entry, {
      execArgv: source ? ['--import', 'tsx'] : [],
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message) => (created = message as DemoAccount[]));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && created) resolve(created);
      else reject(new Error(`a semeadura da demonstração falhou (${signal ?? `código ${code}`})`));
    });
  });
}
