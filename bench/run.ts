/**
 * `npm run bench`: the product against this machine's PostgreSQL, every figure a ratio of a
 * ceiling measured in the same run (docs/PERFORMANCE.md). Flags: --quick (short rounds, for
 * trying the harness), --skip-web (no build, no Lighthouse), --only=public,auth,buy,market,web,embedded
 * (those groups only, on a database of its own, printed and not written to bench/results: for
 * measuring one change while other work shares the machine), --out=NAME (with --only: written to
 * bench/results/NAME.json and NAME.md after all), --scale (the reads on the demo data and on a
 * generated data set a hundred times larger, with their plans, and the offer jobs with 10,000
 * buyers: bench/lib/scale.ts; --scale --only=jobs for the jobs alone), --against=DIR (another
 * build of the API, a copy of an earlier `apps/api/dist` kept where its packages resolve, e.g.
 * `apps/api/dist.before`, started beside this one on the same database and measured in the same
 * rounds as each read: a change's own gain on a noisy host; with a copy of `apps/web/dist` in
 * `DIR/web`, the web group measures both builds' pages too, by Lighthouse and in Chromium itself).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import {
  buyOneUnit,
  checkMoney,
  createFixtures,
  dropDatabase,
  recreateDatabase,
  serverUrl,
  type Fixtures,
} from './lib/fixtures.ts';
import {
  buyFromListing,
  checkMarket,
  createMarketFixtures,
  type MarketFixtures,
} from './lib/market.ts';
import { load, median, pgbenchDecrement, type LoadOptions, type LoadResult } from './lib/load.ts';
import {
  cpuSeconds,
  repoRoot,
  run,
  sampleRss,
  startBenchApi,
  startNode,
  type Child,
} from './lib/processes.ts';
import { markdownTable, type Figure } from './lib/report.ts';
import { runScale } from './lib/scale.ts';
import { entryJavaScript, webAgainstFigures, webFigures } from './lib/web.ts';
import { startSmtpSink } from '@copaiba/api/testing/smtp-sink';
import { measureEmbeddedDefault } from './embedded-default.ts';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const only = new Set(
  [...args]
    .filter((a) => a.startsWith('--only='))
    .flatMap((a) => a.slice('--only='.length).split(','))
    .filter(Boolean),
);
const want = (group: 'public' | 'auth' | 'buy' | 'market' | 'web' | 'embedded') =>
  only.size === 0 || only.has(group);
const out = [...args].find((a) => a.startsWith('--out='))?.slice('--out='.length);
const skipWeb = args.has('--skip-web') || !want('web');

const DATABASE = only.size === 0 ? 'copaiba_bench' : `copaiba_bench_${process.pid}`;
const against = [...args].find((a) => a.startsWith('--against='))?.slice('--against='.length);
// With --against, an even number: each build is measured first in half of them.
const ROUNDS = quick ? 1 : against ? 4 : 3;
const SECONDS = quick ? 2 : 5;
const CONNECTIONS = 50;
const POOL_SIZE = 10;
const INVESTORS = 200;
const SMALL_OFFER_UNITS = 100;
/** What the board's seller buys in the offer and lists: more than the loads can buy. */
const SELLER_UNITS = 500_000;
const SMALL_LISTING_UNITS = 100;

const log = (message: string) =>
  process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};
interface Paired {
  name: string;
  figure: LoadResult[];
  reference: number[];
}

/** Each round measures the reference, then each figure right after it. */
async function rounds(
  reference: () => Promise<number>,
  figures: Array<{ name: string; measure: () => Promise<LoadResult> }>,
): Promise<Paired[]> {
  const out = figures.map((f) => ({
    name: f.name,
    figure: [] as LoadResult[],
    reference: [] as number[],
  }));
  for (let r = 0; r < ROUNDS; r++) {
    const ref = await reference();
    log(`  round ${r + 1}: reference ${ref.toFixed(0)}/s`);
    for (const [i, f] of figures.entries()) {
      const result = await f.measure();
      out[i]!.figure.push(result);
      out[i]!.reference.push(ref);
      log(
        `  round ${r + 1}: ${f.name} ${result.rps.toFixed(0)}/s p99 ${result.p99Ms} ms` +
          (result.failed ? ` (${result.failed} failed)` : ''),
      );
    }
  }
  return out;
}

const ratioOf = (p: Paired) => median(p.figure.map((f, i) => f.rps / p.reference[i]!));

/** Exactly SMALL_OFFER_UNITS of the small offer's buyers succeed; the ledger stays balanced. */
async function sellOutCheck(url: string, fixtures: Fixtures) {
  log(`sell-out: ${INVESTORS} buyers at once for ${SMALL_OFFER_UNITS} units`);
  const answers = await Promise.all(
    fixtures.investors.map((investor) =>
      buyOneUnit(url, investor, fixtures.smallTokenId).then(
        (r) => r.status,
        () => 0,
      ),
    ),
  );
  const sold = answers.filter((s) => s === 201).length;
  const refused = answers.filter((s) => s === 400).length;
  const money = await checkMoney(DATABASE, [fixtures.hotTokenId, fixtures.smallTokenId]);
  return { buyers: INVESTORS, units: SMALL_OFFER_UNITS, sold, refused, money };
}

/** Exactly SMALL_LISTING_UNITS of the small listing's buyers succeed, then the board's check. */
async function marketSellOut(url: string, market: MarketFixtures) {
  log(`board sell-out: ${market.buyers.length} buyers at once for ${SMALL_LISTING_UNITS} units`);
  const answers = await Promise.all(
    market.buyers.map((buyer) => buyFromListing(url, buyer, market.smallListingId)),
  );
  const sold = answers.filter((s) => s === 201).length;
  const refused = answers.filter((s) => s === 400).length;
  const check = await checkMarket(DATABASE, market);
  return { buyers: market.buyers.length, units: SMALL_LISTING_UNITS, sold, refused, check };
}

async function main() {
  if (args.has('--scale')) return runScale({ quick, log, jobsOnly: only.has('jobs') });
  // This run's data directory and mail relay (--scale makes its own: lib/scale.ts).
  const dataDir = mkdtempSync(join(tmpdir(), 'copaiba-bench-'));
  const relay = await startSmtpSink({ keep: false });
  const startApi = (extra?: Record<string, string>, build?: string) =>
    startBenchApi(
      {
        databaseUrl: serverUrl(DATABASE),
        poolSize: POOL_SIZE,
        dataDir,
        smtpUrl: relay.url,
        secrets,
      },
      extra,
      undefined,
      build,
    );
  const startedAt = Date.now();
  const children: Child[] = [];
  const figures: Figure[] = [];
  const raw: Record<string, unknown> = {};
  try {
    let entry: ReturnType<typeof entryJavaScript> | undefined;
    const workspaces = skipWeb ? ['-w', '@copaiba/api'] : [];
    log(`building ${skipWeb ? 'the API' : 'the web app and the API'} (npm run build)`);
    const build = await run('npm', ['run', 'build', ...workspaces]);
    if (build.code !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
    if (!skipWeb) entry = entryJavaScript();

    log(`database ${DATABASE}: drop, create, migrate and seed the demo catalogue`);
    await recreateDatabase(DATABASE);
    const seeding = await startApi({ SEED_DEMO: 'true' });
    await seeding.stop();
    const fixtures: Fixtures = await createFixtures({
      database: DATABASE,
      jwtSecret: secrets.JWT_SECRET,
      encryptionKey: secrets.ENCRYPTION_KEY,
      investors: INVESTORS,
      fundingCents: 1_000_000n,
      smallTokenUnits: SMALL_OFFER_UNITS,
    });
    log(`${INVESTORS} funded investors, hot offer ${fixtures.hotTokenId}`);

    log('start-up to ready on the existing database');
    const startups: number[] = [];
    let api: Child | undefined;
    for (let r = 0; r < 3; r++) {
      api = await startApi();
      startups.push(api.readyMs);
      if (r < 2) await api.stop();
    }
    children.push(api!);
    const hello = await startNode('bench/servers/hello.ts', {}, '/');
    const pkRead = await startNode(
      'bench/servers/pk-read.ts',
      { DATABASE_URL: serverUrl(DATABASE), DATABASE_POOL_SIZE: String(POOL_SIZE) },
      `/user/${fixtures.investors[0]!.id}`,
    );
    children.push(hello, pkRead);
    // With --against, both builds are measured on processes started alike, one after the other:
    // the run's first API measured 6–34 % more CPU an answer than a second process of the same
    // build, its RSS sampling not the cause (docs/PERFORMANCE.md, "What it does").
    const oursApi = against ? await startApi() : api!;
    // A build kept with its web app (`DIR/web`, a copy of `apps/web/dist`) serves that one.
    const againstWeb = against && existsSync(resolve(repoRoot, against, 'web/index.html'));
    const againstApi = against
      ? await startApi(
          againstWeb ? { WEB_DIST_DIR: resolve(repoRoot, against, 'web') } : {},
          against,
        )
      : undefined;
    if (againstApi) children.push(oursApi, againstApi);
    /** Each read's runs on the `--against` build, measured in the same rounds as this build's. */
    const againstRuns = new Map<string, LoadResult[]>();
    /**
     * A read measured on this build and then, with `--against`, on the other, in alternating
     * order: the second of a pair measured differently by its position alone. Each run notes the
     * server's CPU time per answer, which waiting for a core does not inflate.
     */
    const withAgainst = (name: string, options: Omit<LoadOptions, 'url'>) => {
      const measureOn = async (server: Child): Promise<LoadResult> => {
        const cpuBefore = cpuSeconds(server.pid);
        const result = await load({ ...options, url: server.url });
        const answers = result.ok + result.failed;
        return {
          ...result,
          cpuUsPerAnswer: ((cpuSeconds(server.pid) - cpuBefore) * 1e6) / answers,
        };
      };
      return {
        name,
        measure: async () => {
          if (!againstApi) return measureOn(api!);
          const runs = againstRuns.get(name) ?? [];
          againstRuns.set(name, runs);
          const againstFirst = runs.length % 2 === 1;
          if (againstFirst) runs.push(await measureOn(againstApi));
          const ours = await measureOn(oursApi);
          if (!againstFirst) runs.push(await measureOn(againstApi));
          return ours;
        },
      };
    };

    let market: MarketFixtures | undefined;
    if (want('market')) {
      market = await createMarketFixtures({
        url: api!.url,
        database: DATABASE,
        fixtures,
        sellerUnits: SELLER_UNITS,
        smallListingUnits: SMALL_LISTING_UNITS,
      });
      log(
        `board: token ${market.tokenId} distributing, hot listing ${market.hotListingId}, ` +
          `${market.buyers.length} active investors`,
      );
    }

    const get = (url: string, path: string, headerSets?: Array<Record<string, string>>) => () =>
      load({ url, path, connections: CONNECTIONS, seconds: SECONDS, headerSets });
    const auth = fixtures.investors.map((i) => ({ authorization: i.authorization }));

    const publicPaths = [
      '/api/token/list/',
      '/api/token-issuer/list/',
      `/api/token-issuer-token-project/detail/${fixtures.detailTokenId}`,
    ];
    const authPaths = ['/api/wallet/balance/brlt/', '/api/user/', '/api/wallet/transactions/todos'];

    log('warm-up');
    for (const server of againstApi ? [oursApi, againstApi] : [api!]) {
      for (const path of [...publicPaths])
        await load({ url: server.url, path, connections: 10, seconds: 1 });
      for (const path of authPaths)
        await load({ url: server.url, path, connections: 10, seconds: 1, headerSets: auth });
    }
    await load({ url: hello.url, path: '/', connections: 10, seconds: 1 });
    await load({
      url: pkRead.url,
      path: `/user/${fixtures.investors[0]!.id}`,
      connections: 10,
      seconds: 1,
    });

    const rssIdle = sampleRss(api!.pid).stop();
    let rss = sampleRss(api!.pid);
    log('public reads vs hello-world, and the same bytes from bare Fastify');
    // What an answer's size alone allows: the API's own answers sent by bare Fastify, same rounds.
    const sameBytesName = (path: string) => `${path} (same bytes)`;
    const answers: Record<string, string> = {};
    let publicRounds: Paired[] = [];
    if (want('public')) {
      for (const path of publicPaths) answers[path] = await (await fetch(api!.url + path)).text();
      const answersFile = join(dataDir, 'public-answers.json');
      writeFileSync(answersFile, JSON.stringify(answers));
      const sameBytes = await startNode(
        'bench/servers/same-bytes.ts',
        { ANSWERS_FILE: answersFile },
        '/',
      );
      children.push(sameBytes);
      publicRounds = await rounds(
        async () => (await get(hello.url, '/')()).rps,
        publicPaths.flatMap((path) => [
          withAgainst(path, { path, connections: CONNECTIONS, seconds: SECONDS }),
          { name: sameBytesName(path), measure: get(sameBytes.url, path) },
        ]),
      );
      await sameBytes.stop();
    }
    const publicReads = publicRounds.filter((p) => publicPaths.includes(p.name));
    /** This build's rate and CPU per answer beside the `--against` build's, round by round. */
    const againstNote = (p: Paired) => {
      const other = againstRuns.get(p.name);
      if (!other) return '';
      const rates = p.figure.map((f, i) => (f.rps / other[i]!.rps).toFixed(2));
      const cpu = (runs: LoadResult[]) => median(runs.map((r) => r.cpuUsPerAnswer!)).toFixed(0);
      return (
        `; against ${against}: ${rates.join(' / ')} of its rate, round by round; ` +
        `CPU ${cpu(p.figure)} µs an answer against ${cpu(other)} (medians)`
      );
    };
    const sameBytesRatio = (p: Paired) =>
      ratioOf(publicRounds.find((q) => q.name === sameBytesName(p.name))!);
    const peakRssPublic = rss.stop();
    rss = sampleRss(api!.pid);
    log('authenticated reads vs a primary-key read through pg');
    const authReads = !want('auth')
      ? []
      : await rounds(
          async () =>
            (
              await load({
                url: pkRead.url,
                path: `/user/${fixtures.investors[0]!.id}`,
                connections: CONNECTIONS,
                seconds: SECONDS,
              })
            ).rps,
          authPaths.map((path) =>
            withAgainst(path, {
              path,
              connections: CONNECTIONS,
              seconds: SECONDS,
              headerSets: auth,
            }),
          ),
        );
    const peakRssAuth = rss.stop();
    const peakRss = Math.max(peakRssPublic, peakRssAuth);

    log('buying one hot token vs pgbench one-row decrement');
    const buys = !want('buy')
      ? []
      : await rounds(
          () => pgbenchDecrement({ database: DATABASE, clients: POOL_SIZE, seconds: SECONDS }),
          [
            {
              name: 'buy',
              measure: () =>
                load({
                  url: api!.url,
                  path: `/api/wallet/buy-token/${fixtures.hotTokenId}`,
                  method: 'POST',
                  body: JSON.stringify({ quantity: 1 }),
                  connections: CONNECTIONS,
                  seconds: SECONDS,
                  headerSets: auth,
                }),
            },
          ],
        );

    const sellOut = want('buy') ? await sellOutCheck(api!.url, fixtures) : undefined;
    raw.sellOut = sellOut;

    log('buying on one hot listing of the board vs pgbench one-row decrement');
    const marketBuys = !market
      ? []
      : await rounds(
          () => pgbenchDecrement({ database: DATABASE, clients: POOL_SIZE, seconds: SECONDS }),
          [
            {
              name: 'market buy',
              measure: () =>
                load({
                  url: api!.url,
                  path: `/api/market/listings/${market.hotListingId}/buy/`,
                  method: 'POST',
                  body: JSON.stringify({ quantity: 1 }),
                  connections: CONNECTIONS,
                  seconds: SECONDS,
                  headerSets: market.buyers.map((b) => ({ authorization: b.authorization })),
                  idempotencyKeys: true,
                }),
            },
          ],
        );
    const marketCheck = market ? await marketSellOut(api!.url, market) : undefined;
    raw.marketSellOut = marketCheck;

    for (const p of publicReads) {
      const ratio = ratioOf(p);
      const p99 = median(p.figure.map((f) => f.p99Ms));
      figures.push({
        name: `GET ${p.name}`,
        value: median(p.figure.map((f) => f.rps)),
        unit: 'req/s',
        reference: { name: 'hello-world', value: median(p.reference) },
        ratio,
        // Issue 23's targets (docs/PERFORMANCE.md); issue 8's were ≥ 0.5, p99 ≤ 20 ms.
        target: '≥ 0.8, p99 ≤ 10 ms',
        met: ratio >= 0.8 && p99 <= 10,
        note:
          `p99 ${p99} ms; its ${Buffer.byteLength(answers[p.name]!)} bytes from bare Fastify: ` +
          `${sameBytesRatio(p).toFixed(2)} of hello-world` +
          againstNote(p),
      });
    }
    for (const p of authReads) {
      const ratio = ratioOf(p);
      figures.push({
        name: `GET ${p.name} (auth)`,
        value: median(p.figure.map((f) => f.rps)),
        unit: 'req/s',
        reference: { name: 'pk read', value: median(p.reference) },
        ratio,
        target: '≥ 1.0',
        met: ratio >= 1,
        note: `p99 ${median(p.figure.map((f) => f.p99Ms))} ms` + againstNote(p),
      });
    }
    if (buys[0] && sellOut) {
      const p = buys[0];
      const { sold, refused, money } = sellOut;
      const ratio = ratioOf(p);
      const exact = sold === SMALL_OFFER_UNITS && refused === INVESTORS - SMALL_OFFER_UNITS;
      const p99 = median(p.figure.map((f) => f.p99Ms));
      figures.push({
        name: 'POST buy-token, one hot offer',
        value: median(p.figure.map((f) => f.rps)),
        unit: 'buys/s',
        reference: { name: 'pgbench decrement', value: median(p.reference) },
        ratio,
        target: '≥ 1.0, p99 ≤ 100 ms, no oversell, ledger balanced',
        met: ratio >= 1 && p99 <= 100 && exact && money.balanced,
        note: `p99 ${p99} ms; sell-out ${sold}/${SMALL_OFFER_UNITS} sold, ${refused} refused; ledger total ${money.ledgerTotalCents}; offers consistent ${money.offers.every((o) => o.consistent)}`,
      });
    }
    if (marketBuys[0] && marketCheck) {
      const p = marketBuys[0];
      const { sold, refused, buyers, check } = marketCheck;
      const ratio = ratioOf(p);
      const exact = sold === SMALL_LISTING_UNITS && refused === buyers - SMALL_LISTING_UNITS;
      const [hot, small] = check.listings;
      figures.push({
        name: 'POST market buy, one hot listing',
        value: median(p.figure.map((f) => f.rps)),
        unit: 'buys/s',
        reference: { name: 'pgbench decrement', value: median(p.reference) },
        ratio,
        target: '≥ 0.5, no oversell, ledger balanced',
        met: ratio >= 0.5 && exact && check.consistent,
        note:
          `p99 ${median(p.figure.map((f) => f.p99Ms))} ms; sell-out ${sold}/${SMALL_LISTING_UNITS} ` +
          `sold, ${refused} refused; hot listing ${hot!.listed - hot!.left} units gone = ` +
          `${hot!.bought} bought in ${hot!.trades} trades, small ${small!.listed - small!.left} = ` +
          `${small!.bought}; seller's holding and reservation right ${check.sellerRight}, every ` +
          `buyer's holding right ${check.buyersRight}; units held ${check.heldUnits} = sold in ` +
          `the offer ${check.unitsSold}; ledger total ${check.ledgerTotalCents}`,
      });
    }
    if (want('public') || want('auth')) {
      figures.push({
        name: 'API RSS under read load (peak)',
        value: peakRss,
        unit: 'MB',
        target: '≤ 200 MB',
        met: peakRss <= 200,
        note: `after warm-up ${rssIdle.toFixed(0)} MB, peak under public reads ${peakRssPublic.toFixed(0)} MB, under authenticated reads ${peakRssAuth.toFixed(0)} MB`,
      });
    }
    const startup = median(startups);
    figures.push({
      name: 'start-up to ready, existing database',
      value: startup,
      unit: 'ms',
      target: '≤ 1500 ms',
      met: startup <= 1500,
      note: `rounds ${startups.map((s) => s.toFixed(0)).join(', ')} ms`,
    });
    raw.loads = { publicReads, authReads, buys, marketBuys, startups };

    await hello.stop();
    await pkRead.stop();

    if (!skipWeb && entry) {
      log('Lighthouse (mobile): the reference page, /, a token page, /login, /wallet and /extract');
      const web = await webFigures(api!.url, entry, fixtures.detailTokenId);
      raw.lighthouse = web.raw;
      figures.push(...web.figures);
      if (againstApi && againstWeb) {
        log(
          `every page on this build and on ${against}: Lighthouse and Chromium, ${ROUNDS} rounds`,
        );
        const sideBySide = await webAgainstFigures(
          oursApi.url,
          { url: againstApi.url, name: against },
          fixtures.detailTokenId,
          ROUNDS,
          log,
        );
        raw.lighthouseAgainst = sideBySide.raw;
        figures.push(...sideBySide.figures);
      }
    }

    if (want('embedded')) {
      log('the default run: no DATABASE_URL, an empty DATA_DIR (bench/embedded-default.ts)');
      const run = await measureEmbeddedDefault({ repo: repoRoot, build: false, log });
      raw.embedded = run;
      const memory = (m: typeof run.afterSeed) =>
        `RSS ${m.rssMb.toFixed(0)} MB, PSS ${m.pssMb.toFixed(0)} MB, node ${m.nodeRssMb.toFixed(0)} MB, ${m.processes} processes`;
      for (const [when, m] of [
        ['after the seed', run.afterSeed],
        ['after 30 s of public reads', run.afterLoad],
      ] as const) {
        // RSS added over processes counts each shared page once per process that maps it.
        figures.push({
          name: `default run, all processes ${when} (PSS)`,
          value: Math.round(m.pssMb),
          unit: 'MB',
          target: '≤ 350 MB',
          met: m.pssMb <= 350,
          note: memory(m),
        });
        figures.push({
          name: `default run, all processes ${when} (RSS summed)`,
          value: Math.round(m.rssMb),
          unit: 'MB',
          target: '≤ 350 MB',
          met: m.rssMb <= 350,
          note: memory(m),
        });
      }
      figures.push({
        name: 'default run, first start to ready (seed included)',
        value: Math.round(run.firstStartMs),
        unit: 'ms',
        target: '≤ 20000 ms',
        met: run.firstStartMs <= 20_000,
      });
      figures.push({
        name: 'default run, restart to ready',
        value: Math.round(run.restartMs),
        unit: 'ms',
        target: '≤ 3000 ms',
        met: run.restartMs <= 3_000,
        note: `restarted and read for 30 s: ${memory(run.afterRestartLoad)}`,
      });
    }

    const table = markdownTable(figures);
    const notes = figures
      .filter((f) => f.note)
      .map((f) => `- ${f.name}: ${f.note}`)
      .join('\n');
    if (only.size > 0 && !out) {
      process.stdout.write(`\n${table}\n\n${notes}\n\n(--only: not written to bench/results)\n`);
      return;
    }
    const results = {
      date: new Date().toISOString(),
      durationSeconds: Math.round((Date.now() - startedAt) / 1000),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
      settings: {
        quick,
        rounds: ROUNDS,
        secondsPerMeasurement: SECONDS,
        connections: CONNECTIONS,
        apiPoolSize: POOL_SIZE,
        pgbenchClients: POOL_SIZE,
        investors: INVESTORS,
      },
      allMet: figures.every((f) => f.met),
      figures,
      raw,
    };
    const dir = join(repoRoot, 'bench/results');
    mkdirSync(dir, { recursive: true });
    // Formatted as `npm run format:check` expects, so a committed result passes the check.
    const name = out ?? 'latest';
    const jsonFile = join(dir, `${name}.json`);
    writeFileSync(
      jsonFile,
      await format(JSON.stringify(results), {
        ...(await resolveConfig(jsonFile)),
        filepath: jsonFile,
      }),
    );
    writeFileSync(
      join(dir, `${name}.md`),
      `# Benchmark, ${results.date.slice(0, 16)} UTC (${results.durationSeconds} s)\n\n${table}\n\n${notes}\n`,
    );
    process.stdout.write(`\n${table}\n\nbench/results/${name}.json, ${name}.md\n`);
  } finally {
    for (const child of children) await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await relay.close();
    if (only.size > 0) await dropDatabase(DATABASE);
  }
}

main()
  // A moment first, so the handles of servers just closed are gone.
  .then(() => new Promise((resolve) => setTimeout(resolve, 100)))
  .then(
    () => {
      // Everything is written and stopped. Both `--scale` runs of 2026-11-26 then stayed up for
      // an hour, something still open: say what, and end the command (a script's exit, no
      // request or money in flight).
      const left = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');
      if (left.length > 0)
        process.stderr.write(`bench: still open at the end: ${left.join(', ')}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(
        `bench failed: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exit(1);
    },
  );
