import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { channel } from 'node:diagnostics_channel';
import { tokenIssuers } from '@copaiba/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { mediaMessages } from '../lib/media.ts';
import {
  creatorWithIssuedToken,
  insertToken,
  issuerForm,
  projectForm,
  signedIn,
  storedFiles,
  userIdOf,
  type FormValue,
} from '../testing/fixtures.ts';
import { createTestApp } from '../testing/test-app.ts';
import { AUTHORIZATION_MATRIX, type Access, type Actor } from './authorization-matrix.ts';
import {
  FORM_BOUNDARY,
  formAsBody,
  hostileFormBody,
  hostileJsonBody,
  hostileString,
  lyingFiles,
  multipartBody,
  NOT_IDS,
  NOT_MEDIA_KEYS,
  RAW_BODIES,
  toJsonText,
  type FormEntry,
  type LyingFile,
} from './hostile-input-values.ts';
import { isApiEndpoint, withRegisteredRoutes } from './registered-routes.ts';

/**
 * Hostile input over every API route the real app registers: each route is called as a caller its
 * gate lets through, with inputs generated from the zod schemas it registered (params,
 * querystring, body). Every refused request must be a clean 4xx in the documented shape and write
 * nothing.
 */

const PROJECT = 'api';
/** Runs per generator and route. */
const RUNS = { params: 40, query: 40, json: 90, form: 45, getBody: 10 };
const PSP_SECRET = 'hostile-input-psp-secret-0123456789';
const METRICS_TOKEN = 'hostile-input-metrics-token-0123456789';

type Schema = z.ZodType;
interface RouteSchemas {
  params?: Schema;
  querystring?: Schema;
  body?: Schema;
  consumes?: string[];
}
interface Target {
  key: string;
  method: string;
  url: string;
  access: Access;
  schemas: RouteSchemas;
}

/**
 * A caller that passes each gate (see ACCESS_RULES); the PSP by the webhook secret, the metrics
 * scraper by METRICS_TOKEN.
 */
const CALLER: Record<Access, Actor | 'psp' | 'scraper'> = {
  public: 'anonymous',
  'signed-in': 'investor',
  creator: 'owner-creator',
  'token-owner': 'owner-creator',
  manager: 'assigned-manager',
  'token-manager': 'assigned-manager',
  admin: 'admin',
  'psp-secret': 'psp',
  'metrics-token': 'scraper',
};

/**
 * The app and its routes with the zod schemas each registered: the route list comes from
 * registered-routes.ts; the schemas from a second `onRoute` hook on the same diagnostics channel.
 */
async function buildWithSchemas() {
  const schemas = new Map<string, RouteSchemas>();
  const initialization = channel('fastify.initialization');
  let hooked = false;
  const onInit = (message: unknown) => {
    if (hooked) return;
    hooked = true;
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat())
        schemas.set(`${method} ${route.url}`, (route.schema ?? {}) as RouteSchemas);
    });
  };
  initialization.subscribe(onInit);
  try {
    const { result, routes } = await withRegisteredRoutes(() =>
      createTestApp({ env: { PIX_WEBHOOK_SECRET: PSP_SECRET, METRICS_TOKEN } }),
    );
    const targets = routes
      .filter((r) => isApiEndpoint(r, routes))
      .map((r): Target => {
        const key = `${r.method} ${r.url}`;
        const entry = (AUTHORIZATION_MATRIX as Record<string, { access: Access } | undefined>)[key];
        if (!entry) throw new Error(`${key} has no entry in authorization-matrix.ts`);
        return {
          key,
          method: r.method,
          url: r.url,
          access: entry.access,
          schemas: schemas.get(key)!,
        };
      });
    return { t: result, targets };
  } finally {
    initialization.unsubscribe(onInit);
  }
}

const { t, targets } = await buildWithSchemas();

interface Ids {
  tokenId: number;
  draftTokenId: number;
  ownerUserId: number;
  issuerId: number;
  mediaKey: string;
}
let ids: Ids;
const bearer: Partial<Record<Actor, string>> = {};

beforeAll(async () => {
  t.clock.now = new Date('2026-11-22T12:00:00Z');
  const admin = await signedIn(t, { admin: true });
  const investor = await signedIn(t);
  const manager = await signedIn(t, { manager: true });
  const { creator: owner, tokenId } = await creatorWithIssuedToken(t, { admin, manager });
  const ownerUserId = await userIdOf(t, owner);
  const [issuer] = await t.db
    .select({ id: tokenIssuers.id, logo: tokenIssuers.logoImage })
    .from(tokenIssuers)
    .where(eq(tokenIssuers.userId, ownerUserId));
  // A draft of the owner's, without a project: its files can still be replaced.
  const draft = await insertToken(t.db, issuer!.id, { status: 'incomplete' });
  ids = {
    tokenId,
    draftTokenId: draft.id,
    ownerUserId,
    issuerId: issuer!.id,
    mediaKey: issuer!.logo,
  };
  Object.assign(bearer, {
    investor: investor.access,
    'owner-creator': owner.access,
    'assigned-manager': manager.access,
    admin: admin.access,
  });
  // The setup's mails leave now, not while a route's before/after snapshots are being taken.
  await t.app.mailOutbox.run();
  tables = await tableNames();
});

// ---------------------------------------------------------------------------------------------
// What every answer must look like.

/** Internal text: stack frames, framework codes, SQL, drivers, file paths. */
const INTERNALS =
  /at [\w.<>]+ \(|node_modules|\bstack\b|Error:|\bFST_|\bERR_|\bzod\b|drizzle|postgres|pglite|\bSELECT\b|\bINSERT INTO\b|\bDELETE FROM\b|relation "|syntax error|violates|constraint|\/work\/|\/tmp\/|\/home\/|\/usr\/|\.ts:\d+|\.js:\d+|ECONN|\bsharp\b|\bvips\b|busboy/i;
/** Text that is not a message: values and types leaking through, or English framework text. */
const NOT_A_MESSAGE =
  /\bundefined\b|\bnull\b|\bNaN\b|\[object |\b(Invalid|Expected|Required|received|Unexpected|Unrecognized|must|should|Body|querystring)\b/;

const stats = {
  project: PROJECT,
  requests: 0,
  refused: 0,
  /** GETs whose query or body noise the route rightly ignores (the answer may be 2xx). */
  tolerated: 0,
  status5xx: 0,
  byStatus: {} as Record<string, number>,
  uploads: 0,
  ms: 0,
  slowest: { ms: 0, what: '' },
};
const started = Date.now();

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

function checkAnswer(res: Answer, mustRefuse: boolean, what: string): void {
  stats.requests++;
  stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
  if (res.statusCode >= 500) stats.status5xx++;
  const context = `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  if (mustRefuse) {
    stats.refused++;
    expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
  } else stats.tolerated++;
  if (res.statusCode < 400) return;
  expect(String(res.headers['content-type']), context).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(res.body);
  expect(body !== null && typeof body === 'object' && !Array.isArray(body), context).toBe(true);
  const entries = Object.entries(body as Record<string, unknown>);
  expect(entries.length, context).toBeGreaterThan(0);
  const messages: string[] = [];
  for (const [key, value] of entries) {
    // `{detail}` / `{message}`, unless a form names a field `message` (DRF style then).
    if ((key === 'detail' || key === 'message') && typeof value === 'string') {
      messages.push(value);
    } else {
      // DRF style: {field: [messages]}.
      expect(Array.isArray(value) && value.length > 0, context).toBe(true);
      for (const m of value as unknown[]) {
        expect(typeof m, context).toBe('string');
        messages.push(m as string);
      }
    }
  }
  for (const m of messages) {
    expect(m.trim().length, context).toBeGreaterThan(0);
    expect(m, context).not.toMatch(NOT_A_MESSAGE);
  }
  expect(res.body, context).not.toMatch(INTERNALS);
  expect(res.body, context).not.toMatch(/<script|onerror=/i);
}

// ---------------------------------------------------------------------------------------------
// Nothing written.

let tables: string[] = [];
/**
 * GETs that write on every call by design, whatever they are sent: GET /api/twoauth/ makes a new
 * pending TOTP secret each time (docs/product.md §7). Their hostile requests are ignored noise, answered 200;
 * there only the row counts must stay the same.
 */
const WRITES_ON_EVERY_CALL = new Set(['GET /api/twoauth/']);

/**
 * GETs whose every answer is audited by design, with the table the audit goes to: opening 'Dados
 * do Usuário' shows the CPF in full, so each opening is recorded (docs/product.md §19). There the
 * audit may only gain those rows; everything else stays the same.
 */
const AUDITED_READS = new Map([['GET /api/admins/creator/:id/user/', 'admin_audit_log']]);

/**
 * Writes whose path names all they act on, and which declare no body schema: issuing a token,
 * undoing a purchase, cancelling a listing. Only the raw bodies apply to them. (Those that refuse
 * any body declare `noBody`, and are fuzzed like the rest.)
 */
const isBodilessWrite = (target: Target) =>
  /issue-token|desistencia/.test(target.url) || target.method === 'DELETE';

/**
 * Tables a refused request may legitimately change, each with its reason:
 * - captcha_solutions: a captcha is spent as soon as it is checked, even when the rest of the
 *   request is then refused, so that it cannot be replayed (only the upload cases send one).
 */
const MAY_CHANGE = new Set(['captcha_solutions']);

/** Audit entries other than the openings of identity data. */
async function otherAudits(): Promise<number> {
  const res = await t.db.execute(
    sql`select count(*)::int as n from admin_audit_log where action <> 'view_identity'`,
  );
  return (res as { rows: Array<{ n: number }> }).rows[0]!.n;
}

async function tableNames(): Promise<string[]> {
  const res = await t.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const names = (res as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
  expect(names.length).toBeGreaterThan(10);
  return names.filter((n) => !MAY_CHANGE.has(n));
}

/** Row count and a digest of the content of every table, and every stored file. */
async function snapshot(): Promise<{ tables: Record<string, string>; files: string[] }> {
  const query = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as digest from "${name}" x`,
    )
    .join(' union all ');
  const res = (await t.db.execute(sql.raw(query))) as {
    rows: Array<{ name: string; n: number; digest: string }>;
  };
  return {
    tables: Object.fromEntries(res.rows.map((r) => [r.name, `${r.n} rows, ${r.digest}`])),
    files: storedFiles(t.mediaDir).sort(),
  };
}

// ---------------------------------------------------------------------------------------------
// Requests.

const accepts = (schema: Schema | undefined, value: unknown) =>
  !schema || schema.safeParse(value).success;
const shapeKeys = (schema: Schema | undefined): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
};
const isWrite = (target: Target) => target.method !== 'GET';
const isMultipart = (target: Target) =>
  (target.schemas.consumes ?? []).includes('multipart/form-data');

/** Valid path values for the route, so that only the input under test is wrong. */
function validParams(target: Target): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of target.url.matchAll(/:(\w+)/g)) {
    if (name === 'filter') params[name] = 'todos';
    else if (target.url.includes('/creator/')) params[name!] = String(ids.ownerUserId);
    else if (/token-issuer\/detail|token\/list\/:/.test(target.url))
      params[name!] = String(ids.issuerId);
    else params[name!] = String(ids.tokenId);
  }
  if (target.url.endsWith('*')) params['*'] = ids.mediaKey;
  return params;
}

function pathOf(target: Target, segments: Record<string, string>): string {
  return target.url
    .replace(/:(\w+)/g, (_, name: string) => segments[name]!)
    .replace(/\*$/, () => segments['*']!);
}

const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

function encodeSegments(params: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      // Text travels as UTF-8: a lone surrogate becomes U+FFFD on the way.
      k === '*'
        ? utf8(v).split('/').map(encodeURIComponent).join('/')
        : encodeURIComponent(utf8(v)),
    ]),
  );
}

interface HostileRequest {
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  mustRefuse: boolean;
  what: string;
}

/** A request that never answers is a failure too (a hung request holds a connection forever). */
async function answerWithin<T>(pending: Promise<T>, what: string, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function hit(target: Target, req: HostileRequest): Promise<void> {
  const actor = CALLER[target.access];
  const token = actor === 'psp' ? undefined : actor === 'scraper' ? METRICS_TOKEN : bearer[actor];
  let url = req.url;
  if (actor === 'psp' && !/[?&]hmac=/.test(url))
    url += `${url.includes('?') ? '&' : '?'}hmac=${PSP_SECRET}`;
  const began = Date.now();
  const res = await answerWithin(
    t.app.inject({
      method: target.method as 'POST',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...req.headers },
      ...(req.payload !== undefined ? { payload: req.payload } : {}),
    }),
    `${target.key} ${req.what}`,
  );
  const ms = Date.now() - began;
  if (ms > stats.slowest.ms)
    stats.slowest = { ms, what: `${target.key} ${req.what.slice(0, 100)}` };
  if (ms > 2000) console.log('SLOW', ms, target.key, req.what.slice(0, 300));
  checkAnswer(res, req.mustRefuse, `${target.key} ${req.what} (url ${url.slice(0, 200)})`);
}

/** Path values that are not ids (or, for /media/*, not stored keys). */
function paramRequests(target: Target): fc.Arbitrary<HostileRequest> | null {
  const names = Object.keys(validParams(target));
  if (!names.length) return null;
  const bad = target.url.endsWith('*')
    ? fc.oneof(fc.constantFrom(...NOT_MEDIA_KEYS), hostileString)
    : fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...NOT_IDS) },
        { weight: 1, arbitrary: hostileString },
      );
  const rawVariants = ['%00', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '1%00', '%2F', '%252e'];
  return fc
    .record({
      name: fc.constantFrom(...names),
      value: bad.filter((v) => v.length > 0 && v.length < 5000),
      raw: fc.oneof(
        { weight: 5, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...rawVariants) },
      ),
    })
    .map(({ name, value, raw }) => {
      const params = validParams(target);
      const segments = encodeSegments(params);
      let decoded: string | null;
      if (raw) {
        segments[name] = raw;
        try {
          decoded = decodeURIComponent(raw);
        } catch {
          decoded = null;
        }
      } else {
        segments[name] = encodeSegments({ [name]: value })[name]!;
        decoded = Buffer.from(value, 'utf8').toString('utf8');
      }
      const accepted =
        decoded !== null &&
        (target.url.endsWith('*')
          ? decoded === ids.mediaKey
          : accepts(target.schemas.params, { ...params, [name]: decoded }) &&
            accepts(target.schemas.body, undefined));
      return {
        url: pathOf(target, segments),
        mustRefuse: !accepted,
        what: `param ${name}=${JSON.stringify((raw ?? value).slice(0, 80))}`,
      };
    })
    .filter((req) => reachesTheRoute(req.url));
}

/**
 * A segment "." or ".." (or "%2e") is resolved by every URL parser before a request leaves —
 * fetch, browsers and the inject used here — so such a path asks another route, fuzzed under its
 * own key; judged here it would wrongly expect this route's refusal.
 */
function reachesTheRoute(url: string): boolean {
  return new URL(url, 'http://localhost').pathname === url.split('?')[0];
}

function queryRequests(target: Target): fc.Arbitrary<HostileRequest> {
  const keys = shapeKeys(target.schemas.querystring);
  const names = fc.oneof(
    { weight: 3, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('page') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('is_admin', '__proto__', 'constructor', 'user_id', ''),
    },
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }) },
  );
  return fc.dictionary(names, value, { minKeys: 1, maxKeys: 4 }).map((query) => {
    const search = new URLSearchParams();
    const seen: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(query)) {
      for (const item of [v].flat()) search.append(k, item);
      seen[k] = Array.isArray(v)
        ? v.map((s) => Buffer.from(s).toString())
        : Buffer.from(v).toString();
    }
    const accepted =
      accepts(target.schemas.querystring, seen) && accepts(target.schemas.body, undefined);
    return {
      url: `${pathOf(target, encodeSegments(validParams(target)))}?${search.toString()}`,
      mustRefuse: isWrite(target) || !accepted,
      what: `query ${search.toString().slice(0, 120)}`,
    };
  });
}

function jsonRequests(target: Target): fc.Arbitrary<HostileRequest> {
  return hostileJsonBody(shapeKeys(target.schemas.body)).map((value) => {
    const text = toJsonText(value);
    let parsed: unknown;
    let parses = true;
    try {
      parsed = JSON.parse(text);
    } catch {
      parses = false;
    }
    // secure-json-parse refuses prototype keys outright.
    const poisoned = /"__proto__"\s*:|"constructor"\s*:\s*\{[^}]*"prototype"/.test(text);
    const accepted = parses && !poisoned && accepts(target.schemas.body, parsed);
    return {
      url: pathOf(target, encodeSegments(validParams(target))),
      headers: { 'content-type': 'application/json' },
      payload: text,
      mustRefuse: isWrite(target) && !accepted,
      what: `JSON ${text.slice(0, 160)}`,
    };
  });
}

function formRequests(target: Target): fc.Arbitrary<HostileRequest> {
  return hostileFormBody(shapeKeys(target.schemas.body)).map((entries: FormEntry[]) => {
    const accepted = accepts(target.schemas.body, formAsBody(entries));
    return {
      url: pathOf(target, encodeSegments(validParams(target))),
      headers: { 'content-type': `multipart/form-data; boundary=${FORM_BOUNDARY}` },
      payload: multipartBody(entries, FORM_BOUNDARY),
      mustRefuse: isWrite(target) && !accepted,
      what: `form ${JSON.stringify(entries.map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 40) : v.filename])).slice(0, 200)}`,
    };
  });
}

/** Runs a generator; requests a write route would accept are skipped (they are not hostile). */
async function fuzz(target: Target, arb: fc.Arbitrary<HostileRequest>, numRuns: number) {
  await fc.assert(
    fc.asyncProperty(arb, async (req) => {
      fc.pre(req.mustRefuse || !isWrite(target));
      await hit(target, req);
    }),
    // No shrinking: a failing request is reported as generated, and the file stays fast.
    { numRuns, maxSkipsPerRun: 200, endOnFailure: true },
  );
}

describe('hostile input over every registered route', () => {
  it('covers every API route with a caller and its schemas', () => {
    expect(targets.length).toBeGreaterThan(50);
    const writes = targets.filter(isWrite);
    expect(
      writes.filter((w) => !w.schemas.body && !isBodilessWrite(w)).map((w) => w.key),
      'write routes without a body schema',
    ).toEqual([]);
  });

  it.each(targets.map((target) => [target.key, target] as const))(
    '%s: 4xx in the documented shape, nothing internal, nothing written',
    async (_key, target) => {
      const before = await snapshot();
      const auditsBefore = await otherAudits();
      const params = paramRequests(target);
      if (params) await fuzz(target, params, RUNS.params);
      if (target.schemas.querystring || !isWrite(target))
        await fuzz(target, queryRequests(target), RUNS.query);
      if (isWrite(target)) {
        // A write without a body schema ignores a well-formed body: only the raw bodies apply.
        if (target.schemas.body) {
          await fuzz(target, jsonRequests(target), RUNS.json);
          await fuzz(target, formRequests(target), isMultipart(target) ? RUNS.form * 2 : RUNS.form);
        }
        for (const raw of RAW_BODIES) {
          await hit(target, {
            url: pathOf(target, encodeSegments(validParams(target))),
            headers: raw.headers,
            payload: raw.payload,
            mustRefuse: true,
            what: raw.label,
          });
        }
      } else {
        // A GET carries no body: whatever is sent is ignored or refused, never a 5xx.
        await fuzz(target, jsonRequests(target), RUNS.getBody);
        for (const raw of RAW_BODIES.filter((_, i) => i % 3 === 0)) {
          await hit(target, {
            url: pathOf(target, encodeSegments(validParams(target))),
            headers: raw.headers,
            payload: raw.payload,
            mustRefuse: false,
            what: raw.label,
          });
        }
      }
      const after = await snapshot();
      if (WRITES_ON_EVERY_CALL.has(target.key)) {
        const counts = (s: typeof before) =>
          Object.fromEntries(Object.entries(s.tables).map(([k, v]) => [k, v.split(',')[0]]));
        expect(counts(after), `${target.key}: no row added or removed`).toEqual(counts(before));
        expect(after.files).toEqual(before.files);
      } else if (AUDITED_READS.has(target.key)) {
        const audit = AUDITED_READS.get(target.key)!;
        const without = (snap: typeof before) => ({
          ...snap,
          tables: Object.fromEntries(Object.entries(snap.tables).filter(([k]) => k !== audit)),
        });
        expect(without(after), `${target.key}: nothing but its audit written`).toEqual(
          without(before),
        );
        expect(await otherAudits(), `${target.key}: only openings audited`).toBe(auditsBefore);
      } else expect(after, `${target.key}: nothing written`).toEqual(before);
    },
  );

  // The bugs this file found, each pinned by the request that showed it.
  it('answers the requests that once failed', async () => {
    const byKey = new Map(targets.map((x) => [x.key, x]));
    const target = (key: string) => byKey.get(key)!;
    // A NUL byte reached PostgreSQL through a path parameter: 500.
    await hit(target('GET /api/wallet/my-tokens/:filter'), {
      url: '/api/wallet/my-tokens/%00',
      mustRefuse: true,
      what: 'NUL filter',
    });
    // A file part named `prototype` was skipped unread: the request never answered.
    await hit(target('POST /api/logout/'), {
      url: '/api/logout/',
      headers: { 'content-type': `multipart/form-data; boundary=${FORM_BOUNDARY}` },
      payload: multipartBody(
        [['prototype', { data: Buffer.from('x'), filename: 'a.png', type: 'image/png' }]],
        FORM_BOUNDARY,
      ),
      mustRefuse: true,
      what: 'file named prototype',
    });
    // zod's default type message showed the received type: 'recebeu um valor "undefined"'.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/pix/?hmac=${PSP_SECRET}`,
      payload: {},
    });
    checkAnswer(res, true, 'webhook {}');
    expect(res.json()).toEqual({ pix: ['Este campo é obrigatório.'] });
  });

  it('sent the planned volume', () => {
    // Runs after every route: at least ~7,000 requests.
    expect(stats.requests).toBeGreaterThan(6500);
    expect(stats.status5xx).toBe(0);
  });

  // Fastify's router answers a path that is not valid percent-encoding before any hook or error
  // handler; the `frameworkErrors` option (app.ts) gives it the documented body.
  it('answers a path that is not valid percent-encoding in the documented shape', async () => {
    for (const url of ['/api/token/list/%ZZ', '/api/token/detail/%C0%AE', '/media/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      checkAnswer(res, true, `GET ${url}`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Uploads that lie.

interface UploadTarget {
  label: string;
  method: 'POST' | 'PUT';
  url: () => string;
  actor: Actor;
  /** The rest of the form (a complete, valid one where the route requires it). */
  form: () => Promise<Record<string, FormValue | undefined>>;
  fields: Record<'image' | 'pdf', string | undefined>;
}

const uploadTargets: UploadTarget[] = [
  {
    label: 'issuer images (Seja Emissor, every image valid but the last)',
    method: 'POST',
    url: () => '/api/token-issuer/',
    actor: 'investor',
    form: () => issuerForm(t, '60.701.190/0001-04'),
    fields: { image: 'photography_representative3', pdf: undefined },
  },
  {
    label: 'issuer images (edit)',
    method: 'PUT',
    url: () => '/api/token-issuer/',
    actor: 'owner-creator',
    form: async () => ({}),
    fields: { image: 'logo_image', pdf: undefined },
  },
  {
    label: 'token images and PDF (draft edit)',
    method: 'PUT',
    url: () => `/api/token/update/${ids.draftTokenId}`,
    actor: 'owner-creator',
    form: async () => ({}),
    fields: { image: 'operation_flow', pdf: 'project_blade' },
  },
  {
    label: 'project files (new project, the other files valid)',
    method: 'POST',
    url: () => `/api/project/${ids.draftTokenId}`,
    actor: 'owner-creator',
    form: () => projectForm(),
    fields: { image: 'project_photography2', pdf: 'token_issuance_term' },
  },
  {
    label: 'manager reports',
    method: 'PUT',
    url: () => `/api/project-manager/${ids.tokenId}`,
    actor: 'assigned-manager',
    form: async () => ({}),
    fields: { image: undefined, pdf: 'report' },
  },
];

const expectedMessage = (file: LyingFile) =>
  file.kind === 'image'
    ? file.refusal === 'tooLarge'
      ? mediaMessages.imageTooLarge
      : mediaMessages.invalidImage
    : file.refusal === 'tooLarge'
      ? mediaMessages.pdfTooLarge
      : mediaMessages.invalidPdf;

describe('uploads whose content lies', () => {
  let files: LyingFile[];
  beforeAll(async () => {
    files = await lyingFiles();
  });

  it.each(uploadTargets.map((u) => [u.label, u] as const))(
    '%s: refused with a pt-BR field message, nothing stored',
    async (_label, u) => {
      const before = await snapshot();
      for (const file of files) {
        const field = u.fields[file.kind];
        if (!field) continue;
        const values = { ...(await u.form()), [field]: file.file };
        const entries: FormEntry[] = Object.entries(values)
          .filter((e): e is [string, FormValue] => e[1] !== undefined)
          .map(([k, v]) => [
            k,
            typeof v === 'string' ? v : { data: v.data, filename: v.filename, type: v.type },
          ]);
        const res = await t.app.inject({
          method: u.method,
          url: u.url(),
          headers: {
            authorization: `Bearer ${bearer[u.actor]}`,
            'content-type': `multipart/form-data; boundary=${FORM_BOUNDARY}`,
          },
          payload: multipartBody(entries, FORM_BOUNDARY),
        });
        stats.uploads++;
        checkAnswer(res, true, `${u.label}: ${file.label}`);
        expect({ status: res.statusCode, body: res.json() }, `${u.label}: ${file.label}`).toEqual({
          status: 400,
          body: { [field]: [expectedMessage(file)] },
        });
        expect(storedFiles(t.mediaDir).sort(), `${u.label}: ${file.label}: no file stored`).toEqual(
          before.files,
        );
      }
      expect(await snapshot(), `${u.label}: nothing written`).toEqual(before);
    },
  );
});

afterAll(async () => {
  stats.ms = Date.now() - started;
  // Both projects write their own figures into one file, which the docs quote.
  const path = new URL('../../../../test-results/hostile-input.json', import.meta.url);
  mkdirSync(new URL('.', path), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    all = {};
  }
  const projects = {
    ...(all.projects as Record<string, typeof stats> | undefined),
    [PROJECT]: stats,
  };
  const values = Object.values(projects);
  const summary = {
    updated: new Date().toISOString(),
    requests: values.reduce((n, s) => n + s.requests, 0),
    status5xx: values.reduce((n, s) => n + s.status5xx, 0),
    projects,
  };
  const tmp = new URL(`hostile-input.${process.pid}.tmp`, path);
  writeFileSync(tmp, `${JSON.stringify(summary, null, 2)}\n`);
  renameSync(tmp, path);
  console.log(
    `hostile input (${PROJECT}): ${stats.requests} requests (${stats.refused} refused, ${stats.tolerated} tolerated GETs, ${stats.uploads} uploads), ${stats.status5xx} 5xx, ${stats.ms} ms`,
  );
  await t.close();
});
