import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { run } from './processes.ts';

export interface LoadResult {
  /** Successful (2xx) answers per second. */
  rps: number;
  p99Ms: number;
  ok: number;
  failed: number;
  /** The server's CPU time per answer, when the caller measured it (bench/run.ts `--against`). */
  cpuUsPerAnswer?: number;
}

export interface LoadOptions {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  method?: string;
  body?: string;
  /** One header set per request, taken in turn (spreads load over many users). */
  headerSets?: Array<Record<string, string>>;
  /** A fresh Idempotency-Key on every request, as a client sends for each new attempt. */
  idempotencyKeys?: boolean;
}

function requestOf(options: LoadOptions): Request {
  let turn = 0;
  const sets = options.headerSets;
  const keyed = options.idempotencyKeys ? () => ({ 'idempotency-key': randomUUID() }) : () => ({});
  const base: Request = {
    method: options.method ?? 'GET',
    path: options.path,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: options.body,
  };
  const request: Request =
    sets || options.idempotencyKeys
      ? {
          ...base,
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, ...(sets ? sets[turn++ % sets.length] : {}), ...keyed() },
          }),
        }
      : base;
  return request;
}

const resultOf = (result: Awaited<ReturnType<typeof autocannon>>): LoadResult => ({
  rps: result['2xx'] / result.duration,
  p99Ms: result.latency.p99,
  ok: result['2xx'],
  failed: result.non2xx + result.errors + result.timeouts,
});

export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [requestOf(options)],
  });
  return resultOf(result);
}

/** The load while `work` runs (at most `seconds`), and how long the work took. */
export async function loadWhile(
  options: LoadOptions,
  work: () => Promise<unknown>,
): Promise<LoadResult & { workSeconds: number; p50Ms: number }> {
  const run = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [requestOf(options)],
  });
  const started = performance.now();
  try {
    await work();
  } finally {
    run.stop();
  }
  const workSeconds = (performance.now() - started) / 1000;
  const result = await run;
  return { ...resultOf(result), p50Ms: result.latency.p50, workSeconds };
}

/**
 * The row-locked decrement ceiling: pgbench running `UPDATE … SET n = n - 1` on one row of
 * this server, with as many clients as the API has pool connections.
 */
export async function pgbenchDecrement(options: {
  database: string;
  clients: number;
  seconds: number;
}): Promise<number> {
  const script = join(tmpdir(), 'copaiba-bench-decrement.sql');
  writeFileSync(script, 'UPDATE bench_counter SET n = n - 1 WHERE id = 1;\n');
  const { code, stdout, stderr } = await run('pgbench', [
    '-n',
    '-h',
    '127.0.0.1',
    '-U',
    'postgres',
    '-c',
    String(options.clients),
    '-j',
    '2',
    '-T',
    String(options.seconds),
    '-f',
    script,
    options.database,
  ]);
  const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
  if (code !== 0 || !tps) throw new Error(`pgbench failed (${code}):\n${stdout}\n${stderr}`);
  return Number(tps);
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
