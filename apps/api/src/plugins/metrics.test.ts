import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordReconciliation } from '../modules/chain/reconciliation.ts';
import { insertAndIssueToken, insertIssuer, signedIn } from '../testing/fixtures.ts';
import { createTestApp, localChainEnv, type TestApp } from '../testing/test-app.ts';

const TOKEN = randomBytes(24).toString('hex');

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * The Prometheus text format (0.0.4), strictly: every line is a HELP or TYPE comment or a sample
 * `name{label="value",…} number`; each sample's family was declared by a TYPE line before it.
 */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  const declared = new Set<string>();
  const label = /([a-zA-Z_]\w*)="((?:[^"\\\n]|\\[\\"n])*)"/g;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][\w:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      declared.add(type[1]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][\w:]* .*$/.test(line)) continue;
    const sample =
      /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[-+]?\d+)?|NaN|\+Inf|-Inf))$/i.exec(
        line,
      );
    expect(sample, `not a sample: ${line}`).not.toBeNull();
    const [, name, rawLabels = '', value] = sample!;
    const family = name!.replace(/_(bucket|sum|count)$/, '');
    expect(declared.has(name!) || declared.has(family), `no TYPE before ${name}`).toBe(true);
    const labels: Record<string, string> = {};
    const rest = rawLabels.replace(label, (_, key: string, v: string) => {
      labels[key] = v;
      return '';
    });
    expect(rest.replace(/,/g, ''), `malformed labels: ${line}`).toBe('');
    samples.push({ name: name!, labels, value: Number(value) });
  }
  return samples;
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );

async function scrape(t: TestApp): Promise<Sample[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(res.body);
}

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Jobs every second, to see one run counted.
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, JOBS_INTERVAL_SECONDS: '1' } });
  });
  afterAll(() => t?.close());

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers 401 to anyone without the token: none, another, a user’s access token', async () => {
    const admin = await signedIn(t, { admin: true });
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN} `,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      'Bearer ',
      `Bearer ${admin.access}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('copaiba_');
    }
  });

  it('counts requests by route pattern and status, never by the URL itself', async () => {
    for (const id of [424_242, 535_353]) {
      await t.app.inject({ method: 'GET', url: `/api/token/list/${id}?page=${id}` });
    }
    await t.app.inject({ method: 'GET', url: '/api/token/list/' });
    await t.app.inject({ method: 'HEAD', url: '/api/health/' });
    await t.app.inject({ method: 'GET', url: '/api/nada/777777/' });
    const samples = await scrape(t);
    const count = (labels: Record<string, string>) =>
      find(samples, 'copaiba_http_request_duration_seconds_count', labels)[0]?.value;
    // No such issuers: two 404s of one route.
    expect(count({ method: 'GET', route: '/api/token/list/:id', status: '404' })).toBe(2);
    expect(count({ method: 'GET', route: '/api/token/list/', status: '200' })).toBe(1);
    expect(count({ method: 'HEAD', route: '/api/health/', status: '200' })).toBe(1);
    expect(count({ method: 'GET', route: '(unmatched)', status: '404' })).toBe(1);
    const routes = new Set(
      find(samples, 'copaiba_http_request_duration_seconds_count').map((s) => s.labels.route),
    );
    for (const route of routes) expect(route).toMatch(/^(\/api\/[\w/:.-]*|\(unmatched\))$/);
    for (const raw of ['424242', '535353', '777777'])
      expect([...routes].some((r) => r?.includes(raw))).toBe(false);
    // The histogram's buckets are cumulative and end with the count.
    const buckets = find(samples, 'copaiba_http_request_duration_seconds_bucket', {
      route: '/api/token/list/:id',
    });
    expect(buckets.at(-1)).toMatchObject({ labels: { le: '+Inf' }, value: 2 });
    const values = buckets.map((b) => b.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it('counts each job run, its duration, and the time since it last succeeded', async () => {
    const run = { job: 'expire-charges', outcome: 'success' };
    await vi.waitFor(
      async () => {
        const samples = await scrape(t);
        expect(find(samples, 'copaiba_job_runs_total', run)[0]?.value).toBeGreaterThanOrEqual(1);
      },
      { timeout: 10_000, interval: 200 },
    );
    const samples = await scrape(t);
    const runs = find(samples, 'copaiba_job_runs_total', run)[0]!.value;
    expect(
      find(samples, 'copaiba_job_duration_seconds_count', { job: 'expire-charges' })[0]?.value,
    ).toBeGreaterThanOrEqual(runs);
    const since = find(samples, 'copaiba_job_seconds_since_success', { job: 'expire-charges' });
    expect(since[0]!.value).toBeGreaterThanOrEqual(0);
    expect(since[0]!.value).toBeLessThan(5);
  });

  it('reports the pool and the chain outbox: depth and the oldest job’s age', async () => {
    const before = await scrape(t);
    expect(find(before, 'copaiba_db_pool_max_connections')[0]?.value).toBe(20);
    expect(find(before, 'copaiba_db_pool_connections', { state: 'idle' })).toHaveLength(1);
    expect(find(before, 'copaiba_db_pool_waiting_queries')[0]?.value).toBe(0);
    expect(find(before, 'copaiba_outbox_depth', { outbox: 'chain' })[0]?.value).toBe(0);
    expect(find(before, 'copaiba_outbox_oldest_age_seconds', { outbox: 'chain' })[0]?.value).toBe(
      0,
    );

    // Issuing a token writes its contract's deploy job; without a chain (tests) it waits.
    const admin = await signedIn(t, { admin: true });
    const issuer = await insertIssuer(t.db);
    const { answer } = await insertAndIssueToken(t, admin, issuer.id);
    expect(answer.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await scrape(t);
    expect(find(after, 'copaiba_outbox_depth', { outbox: 'chain' })[0]?.value).toBe(1);
    expect(
      find(after, 'copaiba_outbox_oldest_age_seconds', { outbox: 'chain' })[0]?.value,
    ).toBeGreaterThanOrEqual(1);
    // No chain configured: no reconciliation to report.
    expect(find(after, 'copaiba_chain_reconciliation_tokens')).toEqual([]);
  });

  it('still answers when the database does not, leaving out what it could not read', async () => {
    const lost = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      await lost.database.close();
      const samples = await scrape(lost);
      expect(find(samples, 'copaiba_outbox_depth')).toEqual([]);
      expect(
        find(samples, 'copaiba_metrics_source_errors_total', { source: 'outbox:chain' })[0]?.value,
      ).toBe(1);
      expect(find(samples, 'copaiba_db_pool_max_connections')[0]?.value).toBe(20);
    } finally {
      await lost.close();
    }
  });
});

describe('GET /api/metrics with a chain', () => {
  it('reports the latest reconciliations: tokens per status, holders that differ', async () => {
    const t = await createTestApp({ env: { ...localChainEnv, METRICS_TOKEN: TOKEN } });
    try {
      const admin = await signedIn(t, { admin: true });
      const issuer = await insertIssuer(t.db);
      const [first, second] = [
        await insertAndIssueToken(t, admin, issuer.id),
        await insertAndIssueToken(t, admin, issuer.id),
      ];
      const check = {
        contract_address: null,
        contract_url: null,
        block_number: 7,
        checked_at: new Date().toISOString(),
        ledger_supply: 10,
        on_chain_supply: 10,
        pending_operations: 0,
        failed_operations: 0,
      };
      await recordReconciliation(t.db, t.app.log, {
        ...check,
        token_id: first.token.id,
        status: 'ok',
        differences: [],
      });
      await recordReconciliation(t.db, t.app.log, {
        ...check,
        token_id: second.token.id,
        status: 'divergente',
        on_chain_supply: 7,
        differences: [
          { address: `0x${'1'.repeat(40)}`, ledger: 5, on_chain: 3 },
          { address: `0x${'2'.repeat(40)}`, ledger: 5, on_chain: 4 },
        ],
      });
      const samples = await scrape(t);
      expect(
        Object.fromEntries(
          find(samples, 'copaiba_chain_reconciliation_tokens').map((s) => [
            s.labels.status,
            s.value,
          ]),
        ),
      ).toEqual({ ok: 1, pendente: 0, divergente: 1 });
      expect(find(samples, 'copaiba_chain_reconciliation_differences')[0]?.value).toBe(2);
    } finally {
      await t.close();
    }
  });
});
