/**
 * The demo seed as a process of its own: the server forks it at start (seedDemoInChildProcess in
 * demo.ts) with DATABASE_URL set to the database it opened, and serves once it has exited. What the
 * seed allocates (the pictures through sharp, the PDFs, the history's services) leaves with it,
 * and the server keeps its steady size (docs/PERFORMANCE.md, "The default run").
 */
import { connectPostgres, type Database } from '@copaiba/db';
import { loadConfig } from '../config.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { createStorage } from '../lib/storage/create-storage.ts';
import type { DemoAccount } from './demo-accounts.ts';
import { seedDemo } from './demo.ts';
import { seedLog } from './history-services.ts';

/**
 * The seed's deployments and mints sent to the local chain before the server serves, so that the
 * server starts with nothing to record and does not start the chain's process for the seed's sake
 * (docs/PERFORMANCE.md, "The default run"). The EVM loads beside the pictures' encoding (its first
 * request starts it); the seed writes its jobs in two transactions, so they are sent after it.
 * Ends when a run mines nothing: what is left (a job waiting out a retry, a chain that would not
 * start) is the server's worker's, as any job.
 */
async function seedRecordingOnLocalChain(seed: () => Promise<DemoAccount[]>, db: Database) {
  const { createChainRuntime } = await import('../modules/chain/chain-runtime.ts');
  const chain = createChainRuntime({
    config,
    db,
    encryptionKey: loadSecrets(config).encryptionKey,
    log: seedLog,
  });
  const opening = chain.provider!.request({ method: 'eth_blockNumber' }).catch(() => undefined);
  try {
    const created = await seed();
    await opening;
    while ((await chain.worker.runOnce()).mined > 0);
    return created;
  } finally {
    await opening;
    await chain.close();
  }
}

const config = loadConfig();
const database = connectPostgres(config.DATABASE_URL!, 4);
try {
  const seed = async () => seedDemo(database.db, await createStorage(config), config);
  const created =
    config.CHAIN_MODE === 'local'
      ? await seedRecordingOnLocalChain(seed, database.db)
      : await seed();
  await new Promise<void>((resolve, reject) =>
    process.send!(created, (err: Error | null) => (err ? reject(err) : resolve())),
  );
} finally {
  await database.close();
}
