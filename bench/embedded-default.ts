/**
 * The default run as a newcomer meets it (no DATABASE_URL, an empty DATA_DIR, `npm start`'s
 * bundle): time to ready on the first start (the database created, migrated and the demo seeded)
 * and on a restart, and the memory of every process it runs (node and the database's), after the
 * seed and after 30 s of public reads. `npm run bench` runs it (group `embedded`); alone:
 * `node --import tsx bench/embedded-default.ts [--repo DIR] [--chain off]`, where --repo measures
 * another checkout's bundle (built first) the same way, for a before/after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { load } from './lib/load.ts';
import { repoRoot, run } from './lib/processes.ts';
import { freePort } from '@copaiba/api/testing/free-port';
import { serverNodeFlags } from '@copaiba/api/testing/server-args';

export interface EmbeddedDefaultResult {
  repo: string;
  chain: string;
  firstStartMs: number;
  restartMs: number;
  /** Every process of the server's tree, in MB: RSS counts shared pages once per process. */
  afterSeed: MemoryOfTree;
  afterLoad: MemoryOfTree;
  /** The restarted server (nothing left to seed), after the same reads. */
  afterRestartLoad: MemoryOfTree;
  loadRps: number;
}

export interface MemoryOfTree {
  processes: number;
  rssMb: number;
  /** Proportional set size: shared pages split between the processes that map them. */
  pssMb: number;
  nodeRssMb: number;
}

/** The pid and every descendant's, from /proc (the database's shell, postmaster and backends). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const tree: number[] = [];
  const walk = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return tree;
}

function memoryOfTree(root: number): MemoryOfTree {
  let rss = 0;
  let pss = 0;
  let nodeRss = 0;
  const pids = processTree(root);
  for (const pid of pids) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rollup)?.[1]);
      rss += kb('Rss');
      pss += kb('Pss');
      if (pid === root) nodeRss = kb('Rss');
    } catch {
      // ended meanwhile
    }
  }
  return {
    processes: pids.length,
    rssMb: rss / 1024,
    pssMb: pss / 1024,
    nodeRssMb: nodeRss / 1024,
  };
}

async function startServer(repo: string, dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  // As `npm start` runs it: `npm run serve`'s node flags, from the checkout measured.
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags(repo), 'apps/api/dist/server.js'],
    {
      cwd: repo,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    const ok = await fetch(`${url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 300_000) throw new Error(`not ready in 300 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    pid: child.pid!,
    readyMs: performance.now() - started,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export async function measureEmbeddedDefault(options: {
  repo: string;
  chain?: string;
  build?: boolean;
  log?: (message: string) => void;
}): Promise<EmbeddedDefaultResult> {
  const log = options.log ?? (() => undefined);
  const repo = resolve(options.repo);
  if (options.build !== false) {
    log(`building ${repo} (npm run build)`);
    const built = await run('npm', ['run', 'build', '--prefix', repo]);
    if (built.code !== 0) throw new Error(`build failed:\n${built.stdout}\n${built.stderr}`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'copaiba-default-'));
  const env: Record<string, string> = options.chain ? { CHAIN_MODE: options.chain } : {};
  try {
    log('first start on an empty DATA_DIR');
    const first = await startServer(repo, dataDir, env);
    // Let the start's own work settle (the chain's catch-up, the first jobs).
    await new Promise((r) => setTimeout(r, 5000));
    const afterSeed = memoryOfTree(first.pid);
    const detail = (await fetch(`${first.url}/api/token/list/`).then((r) => r.json())) as {
      results: Array<{ id: number }>;
    };
    const paths = [
      '/api/token/list/',
      '/api/token-issuer/list/',
      `/api/token-issuer-token-project/detail/${detail.results[0]?.id ?? 1}`,
    ];
    const publicReads = async (url: string) => {
      let ok = 0;
      for (const path of paths) ok += (await load({ url, path, connections: 20, seconds: 10 })).ok;
      return ok;
    };
    log('30 s of public reads');
    const ok = await publicReads(first.url);
    const afterLoad = memoryOfTree(first.pid);
    await first.stop();
    log('restart on the same DATA_DIR, then the same reads');
    const again = await startServer(repo, dataDir, env);
    await new Promise((r) => setTimeout(r, 5000));
    await publicReads(again.url);
    const afterRestartLoad = memoryOfTree(again.pid);
    await again.stop();
    return {
      repo,
      chain: options.chain ?? 'default (local)',
      firstStartMs: first.readyMs,
      restartMs: again.readyMs,
      afterSeed,
      afterLoad,
      afterRestartLoad,
      loadRps: ok / 30,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const result = await measureEmbeddedDefault({
    repo: value('--repo') ?? repoRoot,
    chain: value('--chain'),
    build: !args.includes('--no-build'),
    log: (m) => process.stdout.write(`[embedded ${new Date().toISOString().slice(11, 19)}] ${m}\n`),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
