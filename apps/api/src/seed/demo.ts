import type { Database } from '@copaiba/db';
import type { Storage } from '../lib/storage/storage.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { demoAccounts, seedDemoAccounts, type DemoAccount } from './demo-accounts.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { seedDemoHistory } from './demo-history.ts';
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
