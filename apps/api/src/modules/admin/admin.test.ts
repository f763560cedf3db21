import { adminAuditLog, tokens } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  incompleteTokenOf,
  issuerForm,
  issueToken,
  releasedTokenOf,
  send,
  signedIn,
  userIdOf,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: SignedIn;
let investor: SignedIn;
let creator: SignedIn;
let creatorId: number;

const json = (method: 'PATCH' | 'PUT' | 'POST', url: string, access: string, payload: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${access}` }, payload });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-22T12:00:00Z');
  admin = await signedIn(t, { admin: true });
  investor = await signedIn(t);
  // Made a creator below by the admin; creators use their role only with two-factor on.
  creator = await signedIn(t, { twoFactor: true });
  await send(
    t,
    'POST',
    '/api/token-issuer/',
    creator.access,
    await issuerForm(t, '11.222.333/0001-81'),
  );
  const list = (await send(t, 'GET', '/api/admins/list/creators/', admin.access)).json();
  creatorId = list.results.find((r: { email: string }) => r.email === creator.email).id;
  await json('PATCH', `/api/admins/creator/${creatorId}/`, admin.access, {
    is_token_creator: true,
  });
});
afterAll(() => t.close());

describe('who may administer', () => {
  it('answers 401 to visitors and 403 with a detail to investors and creators on every admin endpoint', async () => {
    const id = await releasedTokenOf(t, creator);
    const endpoints: Array<['GET' | 'POST' | 'PATCH' | 'PUT', string, unknown?]> = [
      ['GET', '/api/admins/list/creators/'],
      ['GET', `/api/admins/detail/creator/${creatorId}`],
      ['GET', `/api/admins/creator/${creatorId}/user/`],
      ['GET', `/api/admins/creator/${creatorId}/issuer/`],
      ['GET', `/api/admins/token/${id}/`],
      ['GET', `/api/admins/project/${id}/`],
      ['GET', '/api/admins/managers/'],
      ['GET', '/api/admins/audit-log/'],
      ['POST', `/api/admins/issue-token/${id}`],
      ['PATCH', `/api/admins/creator/${creatorId}/`, { is_token_creator: false }],
      ['PUT', `/api/admins/token/${id}/manager/`, { user_id: 1 }],
    ];
    for (const [method, url, payload] of endpoints) {
      const anonymous = await t.app.inject({ method, url, payload: payload as object });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const who of [investor, creator]) {
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${who.access}` },
          payload: payload as object,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ detail: 'Apenas administradores podem acessar esta área.' });
      }
    }
    const [row] = await t.db
      .select({ status: tokens.status })
      .from(tokens)
      .where(eq(tokens.id, id));
    expect(row?.status).toBe('released');
  });
});

describe('Gestão de Acesso and Gestão de Usuário', () => {
  it('lists people who asked for or hold a role, with the documented fields', async () => {
    const list = (await send(t, 'GET', '/api/admins/list/creators/', admin.access)).json();
    const row = list.results.find((r: { id: number }) => r.id === creatorId);
    expect(row).toEqual({
      id: creatorId,
      name: creator.name,
      email: creator.email,
      // Lists show the CPF masked (docs/product.md §19).
      cpf_cnpj: `***.${creator.cpf_cnpj.slice(3, 6)}.${creator.cpf_cnpj.slice(6, 9)}-**`,
      intention_token_creator: true,
      intention_project_manager: true,
      is_token_creator: true,
      is_project_manager: false,
    });
    expect(list.results.some((r: { email: string }) => r.email === investor.email)).toBe(false);
  });

  it('details a creator with links and the state of each token', async () => {
    const incomplete = await incompleteTokenOf(t, creator);
    const released = await releasedTokenOf(t, creator);
    const detail = (
      await send(t, 'GET', `/api/admins/detail/creator/${creatorId}`, admin.access)
    ).json();
    expect(detail.token_issuer_info).toBe(`/access-control/${creatorId}/issuer`);
    expect(detail.user_info).toBe(`/access-control/${creatorId}/user`);
    const byId = (id: number) =>
      detail.token_info.find((i: { token_id: number }) => i.token_id === id);
    expect(byId(incomplete)).toMatchObject({
      project: null,
      can_issue: false,
      token_issued: false,
    });
    expect(byId(released)).toMatchObject({
      project: `/access-control/${creatorId}/project/${released}`,
      token_link: `/access-control/${creatorId}/token/${released}`,
      can_issue: true,
      token_issued: false,
    });
    expect(
      (await send(t, 'GET', `/api/admins/creator/${creatorId}/issuer/`, admin.access)).json().cnpj,
    ).toBe('11222333000181');
    expect(
      (await send(t, 'GET', `/api/admins/creator/${creatorId}/user/`, admin.access)).json(),
    ).toMatchObject({
      email: creator.email,
      is_confirmed_email: true,
    });
    expect(
      (await send(t, 'GET', `/api/admins/project/${incomplete}/`, admin.access)).statusCode,
    ).toBe(404);
    expect(
      (await send(t, 'GET', '/api/admins/detail/creator/999999', admin.access)).json(),
    ).toEqual({ detail: 'Usuário não encontrado.' });
  });
});

describe('issuing tokens', () => {
  it('moves Liberado to Emitido once, opens the offer, audits it, and leaves the chain record pending', async () => {
    const id = await releasedTokenOf(t, creator);
    const first = await issueToken(t, admin, id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: 'Token emitido com sucesso! A oferta já está aberta ao público.',
    });
    const [row] = await t.db.select().from(tokens).where(eq(tokens.id, id));
    expect(row).toMatchObject({
      status: 'issued',
      offerStatus: 'funding',
      contractAddress: null,
      scanHashTransaction: null,
    });
    expect(row?.issuedAt?.toISOString()).toBe('2026-11-22T12:00:00.000Z');

    const publicList = (await t.app.inject({ method: 'GET', url: '/api/token/list/' })).json();
    expect(publicList.results.map((r: { id: number }) => r.id)).toContain(id);

    const again = await issueToken(t, admin, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Este token já foi emitido.' });

    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(audit.filter((a) => a.action === 'issue_token')).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: expect.any(Number),
      before: { status: 'released' },
      after: { status: 'issued' },
    });
  });

  it('refuses an Incompleto token and unknown ids', async () => {
    const incomplete = await incompleteTokenOf(t, creator);
    const res = await issueToken(t, admin, incomplete);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Só tokens Liberados (com projeto cadastrado) podem ser emitidos.',
    });
    expect((await send(t, 'POST', '/api/admins/issue-token/999999', admin.access)).statusCode).toBe(
      404,
    );
    expect((await send(t, 'POST', '/api/admins/issue-token/abc', admin.access)).statusCode).toBe(
      404,
    );
  });

  it('lets only one of two simultaneous issues through', async () => {
    const id = await releasedTokenOf(t, creator);
    const results = await Promise.all([0, 1].map(() => issueToken(t, admin, id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('role grants and manager assignment', () => {
  it('grants and revokes roles, audited with before and after', async () => {
    const person = await signedIn(t);
    const id = await userIdOf(t, person);
    const granted = await json('PATCH', `/api/admins/creator/${id}/`, admin.access, {
      is_project_manager: true,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id, is_project_manager: true, is_token_creator: false });
    const revoked = await json('PATCH', `/api/admins/creator/${id}/`, admin.access, {
      is_project_manager: false,
    });
    expect(revoked.json().is_project_manager).toBe(false);
    const log = (await send(t, 'GET', '/api/admins/audit-log/', admin.access)).json();
    const mine = log.results.filter(
      (e: { target_id: number; action: string }) =>
        e.target_id === id && e.action === 'grant_roles',
    );
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      before: { is_project_manager: true },
      after: { is_project_manager: false },
      actor: { email: admin.email },
    });

    for (const body of [{}, { is_admin: true }, { is_token_creator: 'sim' }]) {
      expect(
        (await json('PATCH', `/api/admins/creator/${id}/`, admin.access, body)).statusCode,
      ).toBe(400);
    }
  });

  it('assigns a project manager to an issued token only, and only a project manager', async () => {
    const manager = await signedIn(t, { manager: true });
    const managerId = await userIdOf(t, manager);
    const id = await releasedTokenOf(t, creator);
    const early = await json('PUT', `/api/admins/token/${id}/manager/`, admin.access, {
      user_id: managerId,
    });
    expect(early.json()).toEqual({ message: 'Só tokens emitidos recebem gestor de projeto.' });
    await issueToken(t, admin, id);
    const investorId = await userIdOf(t, investor);
    const wrong = await json('PUT', `/api/admins/token/${id}/manager/`, admin.access, {
      user_id: investorId,
    });
    expect(wrong.json()).toEqual({ user_id: ['Este usuário não é gestor de projeto.'] });
    const ok = await json('PUT', `/api/admins/token/${id}/manager/`, admin.access, {
      user_id: managerId,
    });
    expect(ok.statusCode).toBe(200);
    const managers = (await send(t, 'GET', '/api/admins/managers/', admin.access)).json();
    expect(managers.map((m: { id: number }) => m.id)).toContain(managerId);
    const detail = (
      await send(t, 'GET', `/api/admins/detail/creator/${creatorId}`, admin.access)
    ).json();
    expect(
      detail.token_info.find((i: { token_id: number }) => i.token_id === id).project_manager,
    ).toEqual({ id: managerId, name: manager.name });
  });
});
