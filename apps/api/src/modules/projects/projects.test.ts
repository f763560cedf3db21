import { tokens } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creatorWithIssuer,
  document,
  image,
  incompleteTokenOf,
  projectForm,
  send,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let creator: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-22T12:00:00Z');
  creator = await creatorWithIssuer(t, { cnpj: '11.222.333/0001-81' });
  other = await creatorWithIssuer(t, { cnpj: '12.ABC.345/01DE-35' });
});
afterAll(() => t.close());

describe('POST /api/project/{tokenId}', () => {
  it("says the product's text when the issuance term is missing", async () => {
    const id = await incompleteTokenOf(t, creator);
    const res = await send(
      t,
      'POST',
      `/api/project/${id}`,
      creator.access,
      await projectForm({ token_issuance_term: undefined }),
    );
    expect(res.json()).toEqual({ token_issuance_term: ['Termo de Emissao está ausente.'] });
  });

  it('registers the project once and the token becomes Liberado', async () => {
    const id = await incompleteTokenOf(t, creator);
    const res = await send(t, 'POST', `/api/project/${id}`, creator.access, await projectForm());
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db
      .select({ status: tokens.status })
      .from(tokens)
      .where(eq(tokens.id, id));
    expect(row?.status).toBe('released');
    const detail = (await send(t, 'GET', `/api/token/detail/${id}`, creator.access)).json();
    expect(detail.can_register_product).toBe(false);
    const again = await send(t, 'POST', `/api/project/${id}`, creator.access, await projectForm());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Este token já possui um projeto cadastrado.' });
  });

  it("answers 404 for another creator's token and refuses bad links", async () => {
    const id = await incompleteTokenOf(t, creator);
    expect(
      (await send(t, 'POST', `/api/project/${id}`, other.access, await projectForm())).statusCode,
    ).toBe(404);
    const bad = await send(
      t,
      'POST',
      `/api/project/${id}`,
      creator.access,
      await projectForm({ video_link: 'javascript:alert(1)' }),
    );
    expect(bad.json()).toEqual({ video_link: ['Informe o link do vídeo (https://…).'] });
  });
});

describe('PUT /api/project/{tokenId} and GET /api/project/detail/{id}', () => {
  it('edits only what changed, removes optional files, and refuses once issued', async () => {
    const id = await incompleteTokenOf(t, creator);
    await send(t, 'POST', `/api/project/${id}`, creator.access, await projectForm());
    const before = (await send(t, 'GET', `/api/project/detail/${id}`, creator.access)).json();
    expect(before).toMatchObject({ token_id: id, territory: 'Breves (PA)', video_link2: null });
    expect(before.project_photography2).toMatch(/^\/media\/images\//);

    expect(
      (
        await send(t, 'PUT', `/api/project/${id}`, creator.access, { territory: 'Breves (PA)' })
      ).json(),
    ).toEqual({
      detail: 'Nenhum campo foi alterado',
    });
    const res = await send(t, 'PUT', `/api/project/${id}`, creator.access, {
      territory: 'Portel (PA)',
      remove_project_photography2: 'true',
      impact_summary: await image(),
      deed_of_credit: document('titulo.pdf'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await send(t, 'GET', `/api/project/detail/${id}`, creator.access)).json();
    expect(after).toMatchObject({
      territory: 'Portel (PA)',
      project_photography2: null,
      guarantees: before.guarantees,
    });
    expect(after.impact_summary).toMatch(/^\/media\/images\//);
    expect(after.deed_of_credit).toMatch(/^\/media\/docs\//);
    expect(await t.storage.get(before.project_photography2.replace('/media/', ''))).toBeNull();

    await t.db
      .update(tokens)
      .set({ status: 'issued', offerStatus: 'funding', issuedAt: new Date() })
      .where(eq(tokens.id, id));
    const issued = await send(t, 'PUT', `/api/project/${id}`, creator.access, {
      territory: 'Outro',
    });
    expect(issued.statusCode).toBe(409);
  });

  it('answers 404 for a token without project and for other creators', async () => {
    const id = await incompleteTokenOf(t, creator);
    expect((await send(t, 'GET', `/api/project/detail/${id}`, creator.access)).json()).toEqual({
      detail: 'Projeto não encontrado.',
    });
    expect((await send(t, 'GET', `/api/project/detail/${id}`, other.access)).statusCode).toBe(404);
  });
});
