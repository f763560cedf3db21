import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creatorWithIssuedToken,
  document,
  image,
  send,
  signedIn,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: SignedIn;
let manager: SignedIn;
let otherManager: SignedIn;
let tokenId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-22T12:00:00Z');
  admin = await signedIn(t, { admin: true });
  manager = await signedIn(t, { manager: true });
  otherManager = await signedIn(t, { manager: true });
  ({ tokenId } = await creatorWithIssuedToken(t, { admin, manager }));
});
afterAll(() => t.close());

describe('Gestão de Projetos', () => {
  it('lists only the tokens assigned to the manager', async () => {
    const mine = (
      await send(t, 'GET', '/api/project-manager/project-list?page=1', manager.access)
    ).json();
    expect(mine.results).toEqual([
      {
        id_token: tokenId,
        name: 'Açaí Manejado do Marajó',
        symbol: expect.any(String),
        datetime_modified: null,
        report: null,
        indicators: null,
      },
    ]);
    expect(
      (await send(t, 'GET', '/api/project-manager/project-list?page=1', otherManager.access)).json()
        .count,
    ).toBe(0);
    const investor = await signedIn(t);
    const denied = await send(
      t,
      'GET',
      '/api/project-manager/project-list?page=1',
      investor.access,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      detail: 'Apenas gestores de projeto podem acessar esta área.',
    });
  });

  it('takes PDF reports from the assigned manager only, and the token page shows the latest', async () => {
    expect(
      (
        await send(t, 'PUT', `/api/project-manager/${tokenId}`, otherManager.access, {
          report: document(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send(t, 'PUT', `/api/project-manager/${tokenId}`, manager.access, {})).json(),
    ).toEqual({
      detail: 'Envie o relatório de atualização ou o de indicadores.',
    });
    expect(
      (
        await send(t, 'PUT', `/api/project-manager/${tokenId}`, manager.access, {
          report: await image('r.pdf'),
        })
      ).json(),
    ).toEqual({
      report: ['Selecione um arquivo PDF válido.'],
    });

    const first = await send(t, 'PUT', `/api/project-manager/${tokenId}`, manager.access, {
      report: document('relatorio.pdf'),
    });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = (
      await t.app.inject({
        method: 'GET',
        url: `/api/token-issuer-token-project/detail/${tokenId}`,
      })
    ).json();
    expect(afterFirst.project.report).toMatch(/^\/media\/docs\/.+\.pdf$/);
    expect(afterFirst.project.indicators).toBeNull();
    expect(afterFirst.project.reports_updated_at).toBe('2026-11-22T12:00:00.000Z');

    t.clock.now = new Date('2026-11-22T12:10:00Z');
    const second = await send(t, 'PUT', `/api/project-manager/${tokenId}`, manager.access, {
      report: document('relatorio-2.pdf'),
      indicators: document('indicadores.pdf'),
    });
    expect(second.statusCode).toBe(200);
    const latest = (
      await t.app.inject({
        method: 'GET',
        url: `/api/token-issuer-token-project/detail/${tokenId}`,
      })
    ).json();
    expect(latest.project.report).not.toBe(afterFirst.project.report);
    expect(latest.project.indicators).toMatch(/\.pdf$/);
    expect(await t.storage.get(afterFirst.project.report.replace('/media/', ''))).toBeNull();
    const row = (
      await send(t, 'GET', '/api/project-manager/project-list?page=1', manager.access)
    ).json().results[0];
    expect(row.datetime_modified).toBe('2026-11-22T12:10:00.000Z');
  });
});
