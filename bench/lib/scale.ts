/**
 * `npm run bench -- --scale` (docs/PERFORMANCE.md "At scale", issue 23): the read figures on the
 * demo data and on a generated data set a hundred times larger, side by side in the same rounds,
 * each a ratio of the reference measured right before it; and the plans PostgreSQL chooses for the
 * statements those reads send, on the large data, failing the run on a sequential scan of
 * transfers, holdings or notifications.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_SIZES } from '@copaiba/contracts';
import { connectPostgres, users } from '@copaiba/db';
import { inArray, sql } from 'drizzle-orm';
import { format, resolveConfig } from 'prettier';
import {
  forbiddenScans,
  hotReadStatements,
  plansOf,
  type StatementPlan,
} from '../../apps/api/src/testing/query-plans.ts';
import {
  checkScaleLedger,
  FULL_SCALE,
  generateScaleData,
  ORDINARY_TOKENS,
  type ScaleData,
} from '../../apps/api/src/testing/scale-data.ts';
import {
  buyOneUnit,
  createFixtures,
  recreateDatabase,
  serverUrl,
  signIn,
  type Investor,
} from './fixtures.ts';
import { load, median, type LoadResult } from './load.ts';
import { repoRoot, run, startBenchApi, startNode, type Child } from './processes.ts';
import { offerJobsAtScale } from './scale-jobs.ts';
import { startSmtpSink } from '@copaiba/api/testing/smtp-sink';

const DEMO = 'copaiba_bench_demo';
const SCALE = 'copaiba_bench_scale';
const CONNECTIONS = 50;
const POOL_SIZE = 10;
const INVESTORS = 200;
/**
 * What the demo's investors buy before the loads, so that each read answers the pages the large
 * data's investors have and the figure is the data's cost, not a larger answer's
 * (docs/PERFORMANCE.md "At scale"): the 200 as a generated ordinary investor (a full statement
 * page, three holdings, five notifications; scale-data.ts), one with every page full for the long
 * histories (10 notifications, 6 movements and 6 holdings; PAGE_SIZES).
 */
const DEMO_PAGES = {
  ordinary: { purchases: FULL_SCALE.notificationsPerInvestor, tokens: ORDINARY_TOKENS },
  full: { purchases: PAGE_SIZES.notifications, tokens: PAGE_SIZES.ownedTokens },
};
/** The goal (issue 23): the large data no more than 10 % slower. */
const FLAT = 0.9;
/** Buyers of each offer the jobs close or pay (issue 23). */
const JOB_HOLDERS = 10_000;

type Log = (message: string) => void;

interface Pair {
  name: string;
  /** What the figure is compared with on the demo data. */
  demoName: string;
  demo: LoadResult[];
  scale: LoadResult[];
  reference: number[];
}

/**
 * `jobsOnly` (`--scale --only=jobs`): the offer jobs alone, written to bench/results/scale-jobs.*.
 */
export async function runScale({
  quick,
  log,
  jobsOnly = false,
}: {
  quick: boolean;
  log: Log;
  jobsOnly?: boolean;
}) {
  const rounds = quick ? 1 : 3;
  const seconds = quick ? 2 : 5;
  const startedAt = Date.now();
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'copaiba-bench-scale-'));
  // The jobs mail every buyer and holder (docs/product.md §16): a relay that accepts them.
  const relay = await startSmtpSink({ keep: false });
  const children: Child[] = [];
  const startApi = (database: string, extra: Record<string, string> = {}) =>
    startBenchApi(
      {
        databaseUrl: serverUrl(database),
        poolSize: POOL_SIZE,
        dataDir,
        smtpUrl: relay.url,
        secrets,
      },
      extra,
      300_000,
    );
  const durations: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      return await work();
    } finally {
      durations[name] = Math.round((Date.now() - started) / 1000);
    }
  };
  try {
    log('building the API (npm run build -w @copaiba/api)');
    const build = await run('npm', ['run', 'build', '-w', '@copaiba/api']);
    if (build.code !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
    const offerJobs = () => {
      log(`the offer jobs with ${JOB_HOLDERS} buyers, purchases of another offer meanwhile`);
      return timed('offer jobs', () =>
        offerJobsAtScale({ holders: JOB_HOLDERS, jwtSecret: secrets.JWT_SECRET, startApi, log }),
      );
    };
    if (jobsOnly) {
      const jobs = await offerJobs();
      await writeResults(
        'scale-jobs',
        { date: new Date().toISOString(), durations, jobs },
        jobsTable(jobs),
      );
      process.stdout.write(
        `\n${jobsTable(jobs)}\n\nbench/results/scale-jobs.json, scale-jobs.md\n`,
      );
      return;
    }

    log(`database ${DEMO}: the demo and ${INVESTORS} funded investors, as \`npm run bench\``);
    const fixtures = await timed('demo data', async () => {
      await recreateDatabase(DEMO);
      await (await startApi(DEMO, { SEED_DEMO: 'true' })).stop();
      return createFixtures({
        database: DEMO,
        jwtSecret: secrets.JWT_SECRET,
        encryptionKey: secrets.ENCRYPTION_KEY,
        investors: INVESTORS + 1,
        fundingCents: 1_000_000n,
        smallTokenUnits: 100,
        pageOffers: DEMO_PAGES.full.tokens - 1,
      });
    });

    log(`database ${SCALE}: migrate, then generate with SQL`);
    const scale: ScaleData = await timed('generation', async () => {
      await recreateDatabase(SCALE);
      const handle = connectPostgres(serverUrl(SCALE), 2);
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      return generateScaleData(serverUrl(SCALE), FULL_SCALE, log);
    });
    log(`  ${JSON.stringify(scale.counts)}`);
    const ledger = await timed('ledger check', () => checkScaleLedger(serverUrl(SCALE)));
    log(`  ledger: ${JSON.stringify(ledger)}`);
    if (!ledger.balanced) throw new Error(`the generated ledger is not balanced`);

    log('EXPLAIN of every statement the hot reads send, on the large data');
    const plans: StatementPlan[] = await timed('plans', async () => {
      const handle = connectPostgres(serverUrl(SCALE), 4);
      try {
        const statements = await hotReadStatements(handle, {
          heavyInvestorId: scale.heavyInvestorId,
          holdingsInvestorId: scale.holdingsInvestorId,
          ordinaryInvestorId: scale.sampleInvestorIds[0]!,
          detailTokenId: scale.detailTokenId,
        });
        return await plansOf(handle, statements);
      } finally {
        await handle.close();
      }
    });
    const forbidden = forbiddenScans(plans);
    for (const p of plans) {
      log(
        `  ${p.route} (${p.plan}): ${p.indexes.join(', ') || '—'}; seq ${p.sequential.join(', ') || '—'}`,
      );
    }
    if (forbidden.length > 0) {
      throw new Error(
        `SEQUENTIAL SCANS on ${forbidden.length} hot statements at scale:\n` +
          forbidden
            .map((p) => `- ${p.route} (${p.plan} plan): ${p.sequential.join(', ')}\n  ${p.sql}`)
            .join('\n'),
      );
    }

    const scaleDb = connectPostgres(serverUrl(SCALE), 2);
    let scaleInvestors: Investor[];
    let heavy: Investor;
    let holder: Investor;
    try {
      const ids = [scale.heavyInvestorId, scale.holdingsInvestorId, ...scale.sampleInvestorIds];
      const rows = await scaleDb.db
        .select({ id: users.id, tokenVersion: users.tokenVersion })
        .from(users)
        .where(inArray(users.id, ids));
      const signed = await signIn(
        scaleDb.db,
        { jwtSecret: secrets.JWT_SECRET, encryptionKey: secrets.ENCRYPTION_KEY },
        rows,
      );
      const byId = new Map(signed.map((s) => [s.id, s]));
      heavy = byId.get(scale.heavyInvestorId)!;
      holder = byId.get(scale.holdingsInvestorId)!;
      scaleInvestors = scale.sampleInvestorIds.map((id) => byId.get(id)!);
    } finally {
      await scaleDb.close();
    }

    log('starting the API on each database, hello-world and the pk read');
    const demoApi = await startApi(DEMO);
    children.push(demoApi);
    const scaleApi = await startApi(SCALE);
    children.push(scaleApi);
    const hello = await startNode('bench/servers/hello.ts', {}, '/');
    children.push(hello);
    const pkPath = `/user/${fixtures.investors[0]!.id}`;
    const pkRead = await startNode(
      'bench/servers/pk-read.ts',
      { DATABASE_URL: serverUrl(DEMO), DATABASE_POOL_SIZE: String(POOL_SIZE) },
      pkPath,
    );
    children.push(pkRead);

    const buy = async (investor: Investor, tokenId: number) => {
      const res = await buyOneUnit(demoApi.url, investor, tokenId);
      if (res.status !== 201) throw new Error(`demo purchase: ${res.status} ${await res.text()}`);
    };
    /** One purchase of each of `tokens` - 1 page offers, the rest of the hot offer. */
    const buyPages = async (investor: Investor, pages: { purchases: number; tokens: number }) => {
      const tokenIds = fixtures.pageTokenIds.slice(0, pages.tokens - 1);
      for (const tokenId of tokenIds) await buy(investor, tokenId);
      for (let i = tokenIds.length; i < pages.purchases; i++) {
        await buy(investor, fixtures.hotTokenId);
      }
    };
    const demoInvestors = fixtures.investors.slice(0, INVESTORS);
    const fullPage = fixtures.investors[INVESTORS]!;
    log(
      `demo investors: ${DEMO_PAGES.ordinary.purchases} purchases of ${DEMO_PAGES.ordinary.tokens} ` +
        `tokens each; one more with full pages, ${DEMO_PAGES.full.purchases} of ${DEMO_PAGES.full.tokens}`,
    );
    for (const investor of demoInvestors) await buyPages(investor, DEMO_PAGES.ordinary);
    await buyPages(fullPage, DEMO_PAGES.full);
    // The large data is vacuumed and analyzed after its load; the demo's, after its purchases, too.
    const demoDb = connectPostgres(serverUrl(DEMO), 1);
    try {
      await demoDb.db.execute(sql`vacuum analyze`);
    } finally {
      await demoDb.close();
    }

    const headers = (people: Investor[]) => people.map((p) => ({ authorization: p.authorization }));
    const demoAuth = headers(demoInvestors);
    const scaleAuth = headers(scaleInvestors);
    const get =
      (url: string, path: string, headerSets?: Array<Record<string, string>>) =>
      (duration = seconds, connections = CONNECTIONS) =>
        load({ url, path, connections, seconds: duration, headerSets });

    const publicFigures = [
      ['/api/token/list/', '/api/token/list/'],
      ['/api/token-issuer/list/', '/api/token-issuer/list/'],
      [
        `/api/token-issuer-token-project/detail/${fixtures.detailTokenId}`,
        `/api/token-issuer-token-project/detail/${scale.detailTokenId}`,
      ],
    ].map(([demoPath, scalePath]) => ({
      name: `GET ${scalePath!.replace(/\d+$/, '{id}')}`,
      demoName: 'same read on the demo data',
      demo: get(demoApi.url, demoPath!),
      scale: get(scaleApi.url, scalePath!),
    }));
    const authPaths = [
      '/api/wallet/balance/brlt/',
      '/api/wallet/transactions/todos',
      '/api/wallet/my-tokens/todos',
      '/api/notifications/',
    ];
    const authFigures = [
      ...authPaths.map((path) => ({
        name: `GET ${path} (auth, ${INVESTORS} investors in turn)`,
        demoName: 'same read on the demo data',
        demo: get(demoApi.url, path, demoAuth),
        scale: get(scaleApi.url, path, scaleAuth),
      })),
      // The long histories against the same pages of one demo investor (DEMO_PAGES.full).
      ...[
        [
          '/api/wallet/transactions/todos',
          heavy,
          `${FULL_SCALE.heavyMovements.toLocaleString('en-US')} movements`,
        ],
        [
          '/api/notifications/',
          heavy,
          `${FULL_SCALE.heavyMovements.toLocaleString('en-US')} notifications`,
        ],
        ['/api/wallet/my-tokens/todos', holder, `${FULL_SCALE.heavyHoldings} holdings`],
        ['/api/wallet/balance/brlt/', holder, `${FULL_SCALE.heavyHoldings} holdings`],
      ].map(([path, who, what]) => ({
        name: `GET ${path as string} (auth, one investor with ${what as string})`,
        demoName: 'same read of a demo investor with full pages',
        demo: get(demoApi.url, path as string, headers([fullPage])),
        scale: get(scaleApi.url, path as string, headers([who as Investor])),
      })),
    ];

    log('warm-up');
    for (const f of [...publicFigures, ...authFigures]) {
      for (const measure of [f.demo, f.scale]) {
        const warm = await measure(1, 10);
        if (warm.ok === 0) throw new Error(`${f.name}: no 2xx answer in the warm-up`);
      }
    }
    await load({ url: hello.url, path: '/', connections: 10, seconds: 1 });
    await load({ url: pkRead.url, path: pkPath, connections: 10, seconds: 1 });

    const measure = async (
      group: typeof publicFigures,
      reference: () => Promise<number>,
    ): Promise<Pair[]> => {
      const pairs = group.map((f) => ({
        name: f.name,
        demoName: f.demoName,
        demo: [] as LoadResult[],
        scale: [] as LoadResult[],
        reference: [] as number[],
      }));
      for (let r = 0; r < rounds; r++) {
        const ref = await reference();
        log(`  round ${r + 1}: reference ${ref.toFixed(0)}/s`);
        for (const [i, f] of group.entries()) {
          // Alternating which goes first, so neither always follows the reference.
          const [first, second] = r % 2 === 0 ? [f.demo, f.scale] : [f.scale, f.demo];
          const a = await first();
          const b = await second();
          const [demo, big] = r % 2 === 0 ? [a, b] : [b, a];
          pairs[i]!.demo.push(demo);
          pairs[i]!.scale.push(big);
          pairs[i]!.reference.push(ref);
          log(
            `  round ${r + 1}: ${f.name} demo ${demo.rps.toFixed(0)}/s (p99 ${demo.p99Ms} ms), ` +
              `scale ${big.rps.toFixed(0)}/s (p99 ${big.p99Ms} ms)`,
          );
        }
      }
      return pairs;
    };
    log('public reads vs hello-world, demo and scale');
    const publicPairs = await timed('public loads', () =>
      measure(
        publicFigures,
        async () =>
          (await load({ url: hello.url, path: '/', connections: CONNECTIONS, seconds })).rps,
      ),
    );
    log('authenticated reads vs the pk read, demo and scale');
    const authPairs = await timed('authenticated loads', () =>
      measure(
        authFigures,
        async () =>
          (await load({ url: pkRead.url, path: pkPath, connections: CONNECTIONS, seconds })).rps,
      ),
    );

    const rows = [
      ...publicPairs.map((p) => ({ ...p, ref: 'hello-world' })),
      ...authPairs.map((p) => ({ ...p, ref: 'pk read' })),
    ].map((p) => {
      const demoRatio = median(p.demo.map((d, i) => d.rps / p.reference[i]!));
      const scaleRatio = median(p.scale.map((s, i) => s.rps / p.reference[i]!));
      // Per round, scale ÷ demo: the two were measured back to back.
      const flat = median(p.scale.map((s, i) => s.rps / p.demo[i]!.rps));
      return {
        name: p.name,
        compared: p.demoName,
        reference: { name: p.ref, value: median(p.reference) },
        demo: {
          rps: median(p.demo.map((d) => d.rps)),
          ratio: demoRatio,
          p99Ms: median(p.demo.map((d) => d.p99Ms)),
        },
        scale: {
          rps: median(p.scale.map((s) => s.rps)),
          ratio: scaleRatio,
          p99Ms: median(p.scale.map((s) => s.p99Ms)),
        },
        scaleOverDemo: flat,
        met: flat >= FLAT,
        failed: [...p.demo, ...p.scale].reduce((n, r) => n + r.failed, 0),
      };
    });
    const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
    const table = [
      '| read | reference | demo data | scale data | scale ÷ demo | goal ≥ 0.9 |',
      '|---|---:|---:|---:|---:|:-:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.reference.name}: ${fmt(r.reference.value)} | ${fmt(r.demo.rps)} req/s (${r.demo.ratio.toFixed(2)}, p99 ${r.demo.p99Ms} ms) | ${fmt(r.scale.rps)} req/s (${r.scale.ratio.toFixed(2)}, p99 ${r.scale.p99Ms} ms) | ${r.scaleOverDemo.toFixed(2)} | ${r.met ? 'yes' : '**no**'} |`,
      ),
    ].join('\n');
    const planLines = plans.map(
      (p) =>
        `- ${p.route} (${p.plan}): ${p.indexes.length ? p.indexes.join(', ') : 'no index'}` +
        (p.sequential.length ? `; sequential: ${p.sequential.join(', ')}` : ''),
    );
    // The readers' servers are done: the jobs get the machine to themselves.
    for (const child of children.splice(0)) await child.stop();
    const jobs = await offerJobs();
    const durationSeconds = Math.round((Date.now() - startedAt) / 1000);
    const results = {
      date: new Date().toISOString(),
      durationSeconds,
      durations,
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
      settings: {
        quick,
        rounds,
        secondsPerMeasurement: seconds,
        connections: CONNECTIONS,
        apiPoolSize: POOL_SIZE,
      },
      data: { options: FULL_SCALE, counts: scale.counts, steps: scale.steps, ledger },
      allMet: rows.every((r) => r.met),
      figures: rows,
      plans: plans.map(({ nodes: _nodes, ...p }) => ({ ...p, params: p.params.map(String) })),
      jobs,
      raw: { publicPairs, authPairs },
    };
    const counts = Object.entries(scale.counts)
      .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
      .join(', ');
    const markdown =
      `# Benchmark at scale, ${results.date.slice(0, 16)} UTC (${durationSeconds} s)\n\n` +
      `Data: ${counts}; generated in ${durations.generation} s ` +
      `(${scale.steps.map((s) => `${s.step} ${s.seconds} s`).join(', ')}); ledger total ` +
      `${ledger.totalCents}, balances equal to their transfers, no wallet or escrow negative, ` +
      `holdings equal to purchases, holding values to holdings at unit price.\n\n` +
      `Each cell: requests per second (ratio to the reference measured right before, p99); ` +
      `scale ÷ demo is the median of the rounds' own quotients.\n\n${table}\n\n` +
      `Plans on the large data (EXPLAIN (FORMAT JSON), custom and generic), indexes used:\n\n` +
      `${planLines.join('\n')}\n\n${jobsTable(jobs)}\n\nDurations (s): ${JSON.stringify(durations)}\n`;
    await writeResults('scale', results, markdown);
    process.stdout.write(
      `\n${table}\n\n${jobsTable(jobs)}\n\nbench/results/scale.json, scale.md (${durationSeconds} s)\n`,
    );
  } finally {
    for (const child of children) await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await relay.close();
  }
}

/** bench/results/NAME.json (formatted as `npm run format:check` expects) and NAME.md. */
async function writeResults(name: string, results: unknown, markdown: string) {
  const dir = join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const jsonFile = join(dir, `${name}.json`);
  writeFileSync(
    jsonFile,
    await format(JSON.stringify(results), {
      ...(await resolveConfig(jsonFile)),
      filepath: jsonFile,
    }),
  );
  writeFileSync(join(dir, `${name}.md`), await format(markdown, { parser: 'markdown' }));
}

function jobsTable(jobs: Awaited<ReturnType<typeof offerJobsAtScale>>): string {
  const cell = (p: { perSecond: number; p50Ms: number; p99Ms: number; failed: number }) =>
    `${p.perSecond}/s, p50 ${p.p50Ms} ms, p99 ${p.p99Ms} ms` +
    (p.failed ? `, ${p.failed} failed` : '');
  return [
    `Offer jobs with ${jobs.holders.toLocaleString('en-US')} buyers (generated in ${jobs.generationSeconds} s); ` +
      `after them the queue is empty, ${jobs.check.refunds} refunds, ${jobs.check.paid} remunerations, ledger total ${jobs.check.total}.`,
    '',
    '| job | took | goal ≤ 30 s | purchases of another offer meanwhile (API, 10 connections) |',
    '|---|---:|:-:|---|',
    `| no job (5 s) | — | — | ${cell(jobs.idle)} |`,
    ...jobs.figures.map(
      (f) => `| ${f.job} | ${f.seconds} s | ${f.met ? 'yes' : '**no**'} | ${cell(f.purchases)} |`,
    ),
  ].join('\n');
}
