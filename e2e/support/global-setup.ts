import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink } from '@copaiba/api/testing/smtp-sink';
import { startServer } from './server.ts';
import { publishTemplates } from './templates.ts';

/**
 * Runs the server once on an empty data directory and once with the demo catalogue, and stops
 * them: the test files' embedded databases start from copies instead of initialising, migrating
 * and seeding (about 14 s) each time.
 */
export default async function setup(): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'copaiba-e2e-templates-'));
  const encryptionKey = randomBytes(32).toString('hex');
  const smtp = await startSmtpSink();
  const make = async (name: string, seeded: boolean) => {
    const dataDir = join(root, name);
    const server = await startServer(
      { SEED_DEMO: String(seeded), ENCRYPTION_KEY: encryptionKey, SMTP_URL: smtp.url },
      dataDir,
    );
    await server.stop();
    return dataDir;
  };
  // Both to the end, so that a failure leaves no server running.
  const made = await Promise.allSettled([make('blank', false), make('demo', true)]);
  await smtp.close();
  const [blank, demo] = made;
  if (blank.status === 'rejected') throw blank.reason;
  if (demo.status === 'rejected') throw demo.reason;
  publishTemplates({ blank: blank.value, demo: demo.value, encryptionKey });
  return () => rmSync(root, { recursive: true, force: true });
}
