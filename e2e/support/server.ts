import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@copaiba/api/testing/free-port';
import { hasExited, howExited } from '@copaiba/api/testing/child-exit';
import { serverNodeFlags } from '@copaiba/api/testing/server-args';
import { dataDirTemplate, sharedEncryptionKey } from './templates.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The product as `npm run serve` runs it, in production mode on a fresh embedded database,
 * mailing over SMTP to the test's sink. The embedded database starts as a copy of the global
 * setup's data directory (migrated, and seeded unless SEED_DEMO is false) when there is one.
 */
export async function startServer(
  env: Record<string, string>,
  dataDir = mkdtempSync(join(tmpdir(), 'copaiba-e2e-')),
): Promise<RunningServer> {
  const port = await freePort();
  const template = env.DATABASE_URL ? undefined : dataDirTemplate(env.SEED_DEMO !== 'false');
  if (template) cpSync(template, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags(), 'apps/api/dist/server.js'],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PIX_PROVIDER: 'sandbox',
        // The in-process chain deploys every seeded token at start; suites that show it opt in.
        CHAIN_MODE: 'off',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        JWT_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: sharedEncryptionKey() ?? randomBytes(32).toString('hex'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 150_000;
  for (;;) {
    if (hasExited(child)) throw new Error(`server exited (${howExited(child)}):\n${output}`);
    const ok = await fetch(`${url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in 150 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        // Gone already, by its own exit or a signal: no 'exit' is coming.
        if (hasExited(child)) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The connection string of a server's embedded database, as the README's psql line reaches it:
 * its Unix socket in DATA_DIR/postgres and the password in DATA_DIR/secrets.json. For a suite that
 * moves time in the database (an offer's deadline).
 */
export function embeddedDatabaseUrl(server: RunningServer): string {
  const socketDir = join(server.dataDir, 'postgres');
  if (!existsSync(join(socketDir, '.s.PGSQL.5432')))
    throw new Error(`no embedded PostgreSQL socket in ${socketDir}`);
  const { postgres: password } = JSON.parse(
    readFileSync(join(server.dataDir, 'secrets.json'), 'utf8'),
  ) as { postgres: string };
  return `postgresql://postgres:${encodeURIComponent(password)}@localhost:5432/copaiba?host=${encodeURIComponent(socketDir)}`;
}
