import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '@copaiba/api/testing/free-port';
import { serverNodeFlags } from '@copaiba/api/testing/server-args';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Child {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first successful answer of the ready URL. */
  readyMs: number;
  output(): string;
  stop(): Promise<void>;
}

/** What a bench run gives the API it starts: its database, data directory, mail relay and keys. */
export interface BenchApiRun {
  databaseUrl: string;
  poolSize: number;
  dataDir: string;
  smtpUrl: string;
  secrets: { JWT_SECRET: string; ENCRYPTION_KEY: string };
}

/**
 * The API as `npm run serve` runs it (the bundle `npm run build` makes), set for measuring
 * requests: no scheduled jobs, no demo seed unless asked, the sandbox PSP, no on-chain record.
 * BENCH_API_NODE_ARGS adds node flags, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'. `build` is
 * the bundle's folder: another build kept aside, for `--against`.
 */
export function startBenchApi(
  run: BenchApiRun,
  extra: Record<string, string> = {},
  readyTimeoutMs = 120_000,
  build = 'apps/api/dist',
): Promise<Child> {
  return startNode(
    `${build}/server.js`,
    {
      NODE_ENV: 'production',
      DATABASE_URL: run.databaseUrl,
      DATABASE_POOL_SIZE: String(run.poolSize),
      DATA_DIR: run.dataDir,
      // Every purchase mails its receipt (docs/product.md §16): a relay that accepts them, as in
      // production; a refused one would leave the mail sender retrying a growing outbox.
      SMTP_URL: run.smtpUrl,
      LOG_LEVEL: 'warn',
      // Scheduled jobs would add noise; the bench measures requests.
      JOBS_INTERVAL_SECONDS: '0',
      SEED_DEMO: 'false',
      PIX_PROVIDER: 'sandbox',
      // The on-chain record (an in-process EVM by default) is not what the bench measures.
      CHAIN_MODE: 'off',
      ...run.secrets,
      ...extra,
    },
    '/api/health/',
    readyTimeoutMs,
    // As `npm run serve` runs it; BENCH_API_NODE_ARGS after, so a flag given there wins.
    [...serverNodeFlags(), ...(process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
  );
}

/** Starts `node <script>` (through tsx for TypeScript) and waits until `readyPath` answers 2xx. */
export async function startNode(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  timeoutMs = 120_000,
  nodeArgs: string[] = [],
): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...loader, script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${output}`);
    const ok = await fetch(url + readyPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} not ready in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    readyMs,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU seconds a process has used, user and system (`/proc/<pid>/stat`, in clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak. */
export function sampleRss(pid: number, everyMs = 200) {
  let peak = 0;
  const tick = () => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process ended
    }
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      tick();
      return peak;
    },
  };
}

export function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
