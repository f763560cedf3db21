import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect, vi } from 'vitest';
import { hasExited, howExited } from './child-exit.ts';
import { freePort } from './free-port.ts';
import { serverArgs } from './server-args.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * The real server process (serverArgs), as a newcomer runs it: without DATABASE_URL in `env`, a
 * PostgreSQL of its own under DATA_DIR.
 */
export class ServerProcess {
  child: ChildProcess | null = null;
  output = '';
  url = '';
  /** Resolves with the exit code (null when a signal killed it) once the process has exited. */
  exited: Promise<number | null> = Promise.resolve(null);

  constructor(
    readonly dataDir: string,
    readonly env: Record<string, string> = {},
  ) {}

  /** Spawns it and waits until `until` answers 200 (null: until it accepts connections). */
  async start({ until = '/api/health/' }: { until?: string | null } = {}) {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, serverArgs(), {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        SEED_DEMO: 'false',
        CHAIN_MODE: 'off',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    await vi.waitFor(
      async () => {
        // Exited (or killed by a signal): said below at once, not retried until the timeout.
        if (hasExited(child)) return;
        const res = await fetch(`${this.url}${until ?? '/api/ready/'}`);
        if (until) expect(res.status).toBe(200);
      },
      // A start with the demo seed on a loaded two-core host has taken over a minute.
      { timeout: 150_000, interval: 50 },
    );
    if (hasExited(child)) throw new Error(`server exited (${howExited(child)}):\n${this.output}`);
  }

  async kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || hasExited(child)) return;
    child.kill(signal);
    await this.exited;
  }
}

/**
 * The server processes of one test file, each in a temporary DATA_DIR; `cleanup` (the file's
 * afterAll) stops them, any postmaster they left, and removes the directories.
 */
export function testServers(prefix: string) {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  return {
    create(env: Record<string, string> = {}) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      const server = new ServerProcess(dir, env);
      servers.push(server);
      return server;
    },
    async cleanup() {
      for (const server of servers) await server.kill('SIGTERM');
      for (const dir of dirs) {
        const pid = postmasterPid(dir);
        if (pid) process.kill(pid, 'SIGQUIT');
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The postmaster of this cluster, from its pid file, while it runs. */
export function postmasterPid(dataDir: string): number | null {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return alive(pid) ? pid : null;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The children of `parent` whose command line includes `command` (a forked entry's file name), from
 * the kernel's list of each of its threads' children: a look, not a scan of every process.
 */
export function childProcesses(parent: number | undefined, command: string): number[] {
  if (parent === undefined) return [];
  try {
    return readdirSync(`/proc/${parent}/task`)
      .flatMap((task) => {
        try {
          return readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').split(' ');
        } catch {
          return []; // the thread ended meanwhile
        }
      })
      .filter((pid) => {
        try {
          return pid !== '' && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(command);
        } catch {
          return false; // ended meanwhile
        }
      })
      .map(Number);
  } catch {
    return []; // the parent ended
  }
}

/** Every process whose command line names this cluster (the postmaster, its backends, its shell). */
export function clusterProcesses(dataDir: string): number[] {
  const target = join(dataDir, 'postgres');
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(target);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A connection to the server's embedded cluster, as psql would open one (README). */
export async function withCluster<T>(dataDir: string, run: (client: pg.Client) => Promise<T>) {
  const { postgres: password } = JSON.parse(
    readFileSync(join(dataDir, 'secrets.json'), 'utf8'),
  ) as { postgres: string };
  const client = new pg.Client({
    host: join(dataDir, 'postgres'),
    user: 'postgres',
    password,
    database: 'copaiba',
  });
  // The server may stop its cluster under this connection.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
