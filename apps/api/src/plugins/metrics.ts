import { createHash, timingSafeEqual } from 'node:crypto';
import type { PoolUse } from '@copaiba/db';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/app-error.ts';

/** An outbox's work not yet done: how many items, and how long the oldest has waited. */
export interface Backlog {
  depth: number;
  oldestAgeSeconds: number;
}

/** What the metrics read from the rest of the app at each scrape (wired in app.ts). */
export interface MetricsSources {
  poolUse: () => PoolUse;
  /**
   * Work committed with a transaction and done after it, each read from its module: the chain's
   * `chain_jobs` now; a mail outbox adds its entry here.
   */
  outboxes: Array<{ outbox: string; backlog: () => Promise<Backlog> }>;
  /** The latest on-chain checks (a chain is configured): tokens per status, differing holders. */
  chainReconciliation?: () => Promise<{ tokens: Record<string, number>; differences: number }>;
}

/** Request label of what no route matched: the web app's pages and the 404s. */
const UNMATCHED = '(unmatched)';
/** The built web app's files, one route each: one label, so their number adds no series. */
const STATIC = '(static)';

const routeLabel = (url: string) =>
  url.startsWith('/api/') || url.startsWith('/media/') ? url : STATIC;

/**
 * The app's Prometheus metrics on a registry of its own. Each collector that reads the database
 * runs at scrape time; one that fails leaves its series out of that scrape and counts the failure.
 */
export function createMetrics(sources: MetricsSources, log: FastifyInstance['log']) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestSeconds = new Histogram({
    name: 'copaiba_http_request_duration_seconds',
    help: 'HTTP requests by route pattern and status: latency, and their count (_count).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  /**
   * The database reads of one scrape, each shared by the gauges that show it: the registry asks
   * every metric for its values at once, so a gauge cannot wait for another's collect.
   */
  const perScrape = <T>(load: () => Promise<T>) => {
    let pending: Promise<T> | null = null;
    return () =>
      (pending ??= load().finally(() => {
        pending = null;
      }));
  };
  /** A read that fails leaves its series out of this scrape and counts the failure. */
  async function read<T>(source: string, get: () => Promise<T>): Promise<T | null> {
    try {
      return await get();
    } catch (err) {
      sourceErrors.inc({ source });
      log.warn({ err, source }, 'metrics: source unreadable');
      return null;
    }
  }
  const outboxes = perScrape(() =>
    Promise.all(
      sources.outboxes.map(async ({ outbox, backlog }) => ({
        outbox,
        backlog: await read(`outbox:${outbox}`, backlog),
      })),
    ),
  );
  const { chainReconciliation } = sources;
  const reconciliation = chainReconciliation
    ? perScrape(() => read('chain-reconciliation', chainReconciliation))
    : null;
  const sourceErrors = new Counter({
    name: 'copaiba_metrics_source_errors_total',
    help: 'Scrapes in which a source could not be read (its series are missing from that scrape).',
    labelNames: ['source'] as const,
    registers: [registry],
    // Counts this scrape's failures too: its values are read once the reads are done.
    async collect() {
      await Promise.all([outboxes(), reconciliation?.()]);
    },
  });

  new Gauge({
    name: 'copaiba_db_pool_connections',
    help: 'Connections of this process’s PostgreSQL pool, in use by a query or idle.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = sources.poolUse();
      this.set({ state: 'in_use' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new Gauge({
    name: 'copaiba_db_pool_max_connections',
    help: 'The pool’s size (DATABASE_POOL_SIZE).',
    registers: [registry],
    collect() {
      this.set(sources.poolUse().max);
    },
  });
  new Gauge({
    name: 'copaiba_db_pool_waiting_queries',
    help: 'Queries waiting for a free connection: above 0 for long, the pool is too small.',
    registers: [registry],
    collect() {
      this.set(sources.poolUse().waiting);
    },
  });

  const jobRuns = new Counter({
    name: 'copaiba_job_runs_total',
    help: 'Scheduled job runs by outcome.',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'copaiba_job_duration_seconds',
    help: 'How long each scheduled job run took.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  /** performance.now() of each job's last success, or of its runner's start until then. */
  const lastSuccess = new Map<string, number>();
  new Gauge({
    name: 'copaiba_job_seconds_since_success',
    help: 'Seconds since the job last succeeded in this process (since start, before its first success).',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      const now = performance.now();
      for (const [job, at] of lastSuccess) this.set({ job }, (now - at) / 1000);
    },
  });

  /** One gauge per figure of the outboxes' backlogs, labelled by outbox. */
  const outboxGauge = (name: string, help: string, figure: (backlog: Backlog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['outbox'] as const,
      registers: [registry],
      async collect() {
        const read = await outboxes();
        this.reset();
        for (const { outbox, backlog } of read) if (backlog) this.set({ outbox }, figure(backlog));
      },
    });
  outboxGauge('copaiba_outbox_depth', 'Outbox items not yet done.', (b) => b.depth);
  outboxGauge(
    'copaiba_outbox_oldest_age_seconds',
    'Age of the oldest outbox item not yet done (0 when empty).',
    (b) => b.oldestAgeSeconds,
  );

  if (reconciliation) {
    new Gauge({
      name: 'copaiba_chain_reconciliation_tokens',
      help: 'Tokens by the status of their latest on-chain check (ok, pendente, divergente).',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const summary = await reconciliation();
        this.reset();
        for (const [status, count] of Object.entries(summary?.tokens ?? {}))
          this.set({ status }, count);
      },
    });
    new Gauge({
      name: 'copaiba_chain_reconciliation_differences',
      help: 'Holders whose on-chain balance differs from the ledger, over every token’s latest check.',
      registers: [registry],
      async collect() {
        const summary = await reconciliation();
        this.reset();
        if (summary) this.set(summary.differences);
      },
    });
  }

  return {
    registry,
    requestSeconds,
    /** The job runners' observer (modules/jobs/job-runner.ts JobObserver). */
    jobs: {
      watch(names: string[]) {
        for (const name of names)
          if (!lastSuccess.has(name)) lastSuccess.set(name, performance.now());
      },
      ran(name: string, outcome: 'success' | 'failure', seconds: number) {
        jobRuns.inc({ job: name, outcome });
        jobSeconds.observe({ job: name }, seconds);
        if (outcome === 'success') lastSuccess.set(name, performance.now());
      },
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Constant-time comparison of the presented bearer with METRICS_TOKEN (digests: equal lengths). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

/**
 * `GET /api/metrics` for a Prometheus scraper holding METRICS_TOKEN, and the request histogram:
 * every route gets its own response hook, labelled with its pattern once (never the raw URL, whose
 * ids would make a series each), and the status's labelled child is kept per route, so a request
 * costs one observe and no label object. Registered only when METRICS_TOKEN is set (app.ts).
 */
export const metricsPlugin = fp<{ metrics: Metrics; token: string }>(
  async (app: FastifyInstance, { metrics, token }) => {
    const { requestSeconds } = metrics;
    type Child = ReturnType<typeof requestSeconds.labels>;
    /** A response hook for one route (or method) and pattern, with its children by status. */
    const observer = (method: string | null, route: string) => {
      const children = new Map<number | string, Child>();
      return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        const status = reply.statusCode;
        // Routes of several methods (rare) key by method too.
        const key = method ? status : `${request.method} ${status}`;
        let child = children.get(key);
        if (!child) {
          child = requestSeconds.labels(method ?? request.method, route, String(status));
          children.set(key, child);
        }
        child.observe(reply.elapsedTime / 1000);
        done();
      };
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      const method = typeof route.method === 'string' ? route.method : null;
      const own = observer(method, routeLabel(route.url));
      const hooks = route.onResponse;
      route.onResponse = hooks ? [...(Array.isArray(hooks) ? hooks : [hooks]), own] : [own];
    });
    // What no route matched runs only the app-wide hooks: the web app's pages and the 404s.
    const unmatched = observer(null, UNMATCHED);
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) unmatched(request, reply, done);
      else done();
    });

    app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        void reply.header('www-authenticate', 'Bearer');
        throw AppError.unauthorized();
      }
      const text = await metrics.registry.metrics();
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(text);
    });
  },
);
