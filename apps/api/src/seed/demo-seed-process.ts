/**
 * The demo seed as a process of its own: the server forks it at start (seedDemoInChildProcess in
 * demo.ts) with DATABASE_URL set to the database it opened, and serves once it has exited. What the
 * seed allocates (the pictures through sharp, the PDFs, the history's services) leaves with it,
 * and the server keeps its steady size (docs/PERFORMANCE.md, "The default run").
 */
import { connectPostgres } from '@copaiba/db';
import { loadConfig } from '../config.ts';
import { createStorage } from '../lib/storage/create-storage.ts';
import { seedDemo } from './demo.ts';

const config = loadConfig();
const database = connectPostgres(config.DATABASE_URL!, 4);
try {
  const created = await seedDemo(database.db, await createStorage(config), config);
  await new Promise<void>((resolve, reject) =>
    process.send!(created, (err: Error | null) => (err ? reject(err) : resolve())),
  );
} finally {
  await database.close();
}
