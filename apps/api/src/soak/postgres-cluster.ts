import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDatabase } from '@copaiba/db';

const RESTART_TIMEOUT_MS = 60_000;

/**
 * The soak's own PostgreSQL: the embedded one the server starts without DATABASE_URL
 * (docs/ARCHITECTURE.md), in a temporary directory, with one fresh database for the API processes.
 * The soak kills its postmaster with SIGKILL, as a crash would, and its supervision starts it again.
 */
export class PostgresCluster {
  private constructor(
    private readonly dir: string,
    private readonly handle: Awaited<ReturnType<typeof openEmbeddedDatabase>>,
  ) {}

  static async start(): Promise<PostgresCluster> {
    const dir = mkdtempSync(join(tmpdir(), 'copaiba-soak-'));
    try {
      const handle = await openEmbeddedDatabase({
        dataDir: join(dir, 'postgres'),
        password: randomBytes(18).toString('base64url'),
        database: 'copaiba_soak',
        poolSize: 4,
        // fsync off only risks a machine crash. Commits stay synchronous: with them asynchronous,
        // a killed postmaster loses commits whose WAL was still in shared memory, acknowledged ones.
        ephemeral: true,
        settings: { synchronous_commit: 'on' },
      });
      return new PostgresCluster(dir, handle);
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  }

  /** The API processes' DATABASE_URL. */
  get url(): string {
    return this.handle.embedded.url;
  }

  /** The soak's own pool: the harness's setup and the invariants read through it. */
  get db() {
    return this.handle.db;
  }

  /** SIGKILL of the postmaster: its backends die with it, open transactions roll back. */
  async kill(): Promise<void> {
    const restarted = this.handle.embedded.restarted();
    process.kill(this.postmasterPid(), 'SIGKILL');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        restarted,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`PostgreSQL not restarted in 60 s:\n${this.logTail()}`)),
            RESTART_TIMEOUT_MS,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * From the cluster's postmaster.pid: the supervisor's pid() is the shell that runs the
   * postmaster, and that shell's death stops PostgreSQL cleanly (a fast shutdown), not a crash.
   */
  private postmasterPid(): number {
    return Number(
      readFileSync(join(this.dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
  }

  /** Each ERROR the log holds with the lines PostgreSQL wrote after it (its detail, its statement). */
  logErrors(): string {
    const lines = this.logLines();
    const shown: string[] = [];
    lines.forEach((line, i) => {
      if (/\bERROR:/.test(line)) shown.push(...lines.slice(i, i + 8));
    });
    return shown.slice(-200).join('\n');
  }

  logTail(): string {
    return this.logLines().slice(-30).join('\n');
  }

  /** The cluster's log (its postmaster's output, restarts included); none before it starts. */
  private logLines(): string[] {
    try {
      return readFileSync(join(this.dir, 'postgres.log'), 'utf8').split('\n');
    } catch {
      return [];
    }
  }

  /** The soak's pool: how many connections it holds, idle, and callers waiting for one. */
  poolUse(): string {
    const { total, idle, waiting } = this.handle.poolUse();
    return `${total} connections, ${idle} idle, ${waiting} waiting`;
  }

  /** The cluster's processes as ps sees them (which one is still there when a stop hangs). */
  processes(): string {
    try {
      const rows = execFileSync('ps', ['-eo', 'pid,ppid,stat,etime,args'], { encoding: 'utf8' })
        .split('\n')
        .map((line) => {
          const [pid, ppid] = line.trim().split(/\s+/);
          return { line, pid, ppid };
        });
      // The supervisor and the postmaster name the directory; the backends are their children.
      const ours = new Set(rows.filter((r) => r.line.includes(this.dir)).map((r) => r.pid));
      return rows
        .filter((r) => ours.has(r.pid) || ours.has(r.ppid))
        .map((r) => r.line.slice(0, 200))
        .join('\n');
    } catch (err) {
      return `ps: ${(err as Error).message}`;
    }
  }

  /** Closes the soak's pool (which waits for connections still lent out), then stops PostgreSQL. */
  async stop(): Promise<void> {
    await this.handle.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
